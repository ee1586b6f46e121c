import type { BaselineChange, CaseResult, EvalReport } from "../run/case-result.js";
import { failureReasons } from "./failure-reasons.js";
import { costChart, seriesColour } from "./html-chart.js";
import { excerpt, htmlText } from "./html-text.js";
import { formatDollars, formatDuration, formatPercent } from "./report-format.js";
import { costCell, passCell } from "./report-table.js";

export interface HtmlReportOptions {
  /** Against `--baseline`: the rows and cases to mark. */
  readonly baseline?: { readonly changes: readonly BaselineChange[] };
}

/** How much of an answer, a tool input or an observation the page shows. */
const ANSWER_LIMIT = 4000;
const STEP_LIMIT = 2000;

const STYLE = `
body { font-family: sans-serif; margin: 2rem; color: #222222; background: #ffffff; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #cccccc; padding: 0.3rem 0.6rem; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
.swatch { display: inline-block; width: 0.8em; height: 0.8em; margin-right: 0.4em; border-radius: 50%; }
.regressed { color: #b00020; font-weight: bold; }
.improved { color: #1b7f3b; font-weight: bold; }
.failure { border-top: 1px solid #cccccc; margin-top: 1.5rem; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f6f6; padding: 0.4rem; }
`;

function summaryTable(report: EvalReport, changes: readonly BaselineChange[]): string {
  const heading =
    "<tr><th>model</th><th>pass</th><th>cost</th><th>tokens in</th><th>tokens out</th><th>p50</th><th>p95</th><th>steps</th><th>baseline</th></tr>";
  const rows = report.models.map((summary, index) => {
    const regressed = changes.filter(
      (change) => change.model === summary.model && change.kind === "regression",
    ).length;
    const improved = changes.filter(
      (change) => change.model === summary.model && change.kind === "improvement",
    ).length;
    const marks = [
      regressed > 0 ? `<span class="regressed">${regressed} regressed</span>` : "",
      improved > 0 ? `<span class="improved">${improved} improved</span>` : "",
    ].filter(Boolean);
    return [
      `<tr class="model" data-model="${htmlText(summary.model)}">`,
      `<td class="name"><span class="swatch" style="background:${seriesColour(index)}"></span>${htmlText(summary.model)}</td>`,
      `<td class="pass">${passCell(summary)}</td>`,
      `<td class="cost">${htmlText(costCell(summary))}</td>`,
      `<td>${summary.tokens.input}</td><td>${summary.tokens.output}</td>`,
      `<td>${formatDuration(summary.latencyP50Ms)}</td><td>${formatDuration(summary.latencyP95Ms)}</td>`,
      `<td>${summary.meanSteps.toFixed(1)}</td>`,
      `<td>${marks.join(" ")}</td>`,
      "</tr>",
    ].join("");
  });
  return `<table class="summary">${heading}${rows.join("\n")}</table>`;
}

function failureSection(result: CaseResult, regressed: boolean): string {
  const reasons = failureReasons(result)
    .map((reason) => `<li>${htmlText(reason)}</li>`)
    .join("");
  const steps = result.trajectory.map(
    (step) =>
      `<li><p>Thought: ${htmlText(excerpt(step.thought, STEP_LIMIT))}</p>` +
      `<p>Tool: <code>${htmlText(step.tool)}</code></p>` +
      `<pre class="input">${htmlText(excerpt(step.input, STEP_LIMIT))}</pre>` +
      `<pre class="observation">${htmlText(excerpt(step.observation, STEP_LIMIT))}</pre></li>`,
  );
  const cost = result.cost === undefined ? "" : `, ${formatDollars(result.cost)}`;
  return [
    '<section class="failure">',
    `<h3>${regressed ? '<span class="regressed">regressed</span> ' : ""}${htmlText(result.model)} · ${htmlText(result.caseId)} [trial ${result.trial}]</h3>`,
    `<p>${htmlText(result.status)}, ${result.steps} steps, ${formatDuration(result.durationMs)}${cost}</p>`,
    `<ul class="reasons">${reasons}</ul>`,
    result.answer === undefined
      ? "<p>No answer.</p>"
      : `<p>Answer:</p><pre class="answer">${htmlText(excerpt(result.answer, ANSWER_LIMIT))}</pre>`,
    steps.length === 0 ? "<p>No tool calls.</p>" : `<ol class="trajectory">${steps.join("")}</ol>`,
    "</section>",
  ].join("\n");
}

/**
 * `--html`: one self-contained page (no script, no outside resource, a policy forbidding
 * both) with the pass rate against cost chart, the models' table, and each failing run
 * with its reasons and trajectory. All foreign text is escaped.
 */
export function htmlReport(report: EvalReport, options: HtmlReportOptions = {}): string {
  const changes = options.baseline?.changes ?? [];
  const failures = report.results.filter((result) => !result.pass);
  const isRegressed = (result: CaseResult) =>
    changes.some(
      (change) =>
        change.kind === "regression" &&
        change.model === result.model &&
        change.caseId === result.caseId,
    );
  const passed = report.models.reduce((sum, model) => sum + model.passed, 0);
  const runs = report.models.reduce((sum, model) => sum + model.runs, 0);
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    `<title>Eval: ${htmlText(report.suite)}</title>`,
    `<style>${STYLE}</style>`,
    "</head>",
    "<body>",
    `<h1>Eval: ${htmlText(report.suite)}</h1>`,
    `<p>Started ${htmlText(report.startedAt)}, took ${formatDuration(report.durationMs)}; ${passed}/${runs} runs passed (${formatPercent(runs === 0 ? 0 : passed / runs)}).</p>`,
    "<h2>Pass rate against cost</h2>",
    costChart(report.models),
    "<h2>Models</h2>",
    summaryTable(report, changes),
    `<h2>Failing runs (${failures.length})</h2>`,
    ...failures.map((result) => failureSection(result, isRegressed(result))),
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
