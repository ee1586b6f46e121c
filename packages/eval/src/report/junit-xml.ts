import type { CaseResult, EvalReport, ModelSummary } from "../run/case-result.js";
import { failureReasons } from "./failure-reasons.js";
import { formatSeconds } from "./report-format.js";
import { xmlText } from "./xml-text.js";

function attributes(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${xmlText(String(value))}"`)
    .join("");
}

/** The figures JUnit has no attribute for, as properties a CI page can show. */
function properties(summary: ModelSummary): string[] {
  const values: Record<string, string | number> = {
    passRate: summary.passRate,
    ...(summary.cost === undefined ? {} : { cost: summary.cost }),
    ...(summary.judgeCost === undefined ? {} : { judgeCost: summary.judgeCost }),
    inputTokens: summary.tokens.input,
    outputTokens: summary.tokens.output,
    latencyP50Ms: summary.latencyP50Ms,
    latencyP95Ms: summary.latencyP95Ms,
    meanSteps: summary.meanSteps,
  };
  return [
    "    <properties>",
    ...Object.entries(values).map(
      ([name, value]) => `      <property${attributes({ name, value })}/>`,
    ),
    "    </properties>",
  ];
}

/** The name a CI page lists: the case and the trial; the model is its class. */
export function testCaseName(result: CaseResult): string {
  return `${result.caseId} [trial ${result.trial}]`;
}

function testCase(result: CaseResult): string[] {
  const head = `    <testcase${attributes({
    name: testCaseName(result),
    classname: result.model,
    time: formatSeconds(result.durationMs),
  })}`;
  if (result.pass) return [`${head}/>`];
  const reasons = failureReasons(result);
  return [
    `${head}>`,
    `      <failure${attributes({ message: reasons[0] ?? "failed", type: "eval" })}>${xmlText(reasons.join("\n"))}</failure>`,
    "    </testcase>",
  ];
}

/**
 * `--junit`: one `<testsuite>` per model (its class name too), one `<testcase>` per case
 * run named `<case id> [trial n]`, a `<failure>` holding each failing scorer's reason; the
 * model's pass rate, cost and tokens as properties. Every text is escaped for XML 1.0.
 */
export function junitXml(report: EvalReport): string {
  const totalFailures = report.models.reduce((sum, model) => sum + model.runs - model.passed, 0);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes({
      name: report.suite,
      tests: report.results.length,
      failures: totalFailures,
      errors: 0,
      time: formatSeconds(report.durationMs),
    })}>`,
  ];
  for (const summary of report.models) {
    const results = report.results.filter((result) => result.model === summary.model);
    const time = results.reduce((sum, result) => sum + result.durationMs, 0);
    lines.push(
      `  <testsuite${attributes({
        name: summary.model,
        tests: summary.runs,
        failures: summary.runs - summary.passed,
        errors: 0,
        skipped: 0,
        time: formatSeconds(time),
        timestamp: report.startedAt,
      })}>`,
      ...properties(summary),
      ...results.flatMap(testCase),
      "  </testsuite>",
    );
  }
  lines.push("</testsuites>");
  return `${lines.join("\n")}\n`;
}
