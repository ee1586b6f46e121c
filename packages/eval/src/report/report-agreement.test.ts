import { describe, expect, it } from "vitest";
import type { EvalReport } from "../run/case-result.js";
import { twoModelReport } from "../test-support/report-fixture.js";
import { readXml } from "../test-support/xml-reader.js";
import { htmlReport } from "./html-report.js";
import { junitXml } from "./junit-xml.js";
import { reportTable } from "./report-table.js";
import { resultsJson } from "./results-json.js";

// Each format read back to the same figures: per model, runs passed, runs, and cost.
interface Figures {
  readonly passed: number;
  readonly runs: number;
  readonly cost: number;
}

function fromTable(table: string, models: readonly string[]): Map<string, Figures> {
  const figures = new Map<string, Figures>();
  for (const line of table.split("\n")) {
    const model = line.split(/\s+/)[0] ?? "";
    const numbers = /(\d+)\/(\d+) +\d+%\s+\$([\d.]+)/.exec(line);
    if (!models.includes(model) || !numbers) continue;
    figures.set(model, {
      passed: Number(numbers[1]),
      runs: Number(numbers[2]),
      cost: Number(numbers[3]),
    });
  }
  return figures;
}

function fromJson(json: string): Map<string, Figures> {
  const document = JSON.parse(json) as EvalReport;
  return new Map(
    document.models.map((model) => {
      const own = document.results.filter((result) => result.model === model.model);
      // The rows must say what the results say.
      expect(own.filter((result) => result.pass).length).toBe(model.passed);
      expect(own.length).toBe(model.runs);
      return [
        model.model,
        { passed: model.passed, runs: model.runs, cost: model.cost ?? Number.NaN },
      ];
    }),
  );
}

function fromJunit(xml: string): Map<string, Figures> {
  const suites = readXml(xml).children.filter((element) => element.name === "testsuite");
  return new Map(
    suites.map((suite) => {
      const cases = suite.children.filter((element) => element.name === "testcase");
      const failed = cases.filter((testCase) =>
        testCase.children.some((child) => child.name === "failure"),
      );
      const runs = Number(suite.attributes.get("tests"));
      expect(cases.length).toBe(runs);
      expect(failed.length).toBe(Number(suite.attributes.get("failures")));
      const properties =
        suite.children.find((element) => element.name === "properties")?.children ?? [];
      const cost = properties.find((property) => property.attributes.get("name") === "cost");
      return [
        suite.attributes.get("name") ?? "",
        { passed: runs - failed.length, runs, cost: Number(cost?.attributes.get("value")) },
      ];
    }),
  );
}

function fromHtml(html: string): Map<string, Figures> {
  const rows = html.matchAll(
    /<tr class="model" data-model="([^"]*)">.*?<td class="pass">(\d+)\/(\d+) \d+%<\/td><td class="cost">\$([\d.]+)/g,
  );
  return new Map(
    [...rows].map(([, model = "", passed, runs, cost]) => [
      model,
      { passed: Number(passed), runs: Number(runs), cost: Number(cost) },
    ]),
  );
}

describe("the reports", () => {
  it("agree on every model's pass rate and cost: table, JSON, JUnit and HTML", () => {
    const report = twoModelReport();
    const models = report.models.map((model) => model.model);
    const json = fromJson(resultsJson(report));
    const table = fromTable(reportTable(report, { width: 160 }), models);
    const junit = fromJunit(junitXml(report));
    const html = fromHtml(htmlReport(report));
    for (const formats of [json, table, junit, html]) expect([...formats.keys()]).toEqual(models);
    for (const model of models) {
      const exact = json.get(model);
      expect(exact?.runs).toBe(12);
      expect(junit.get(model)).toEqual(exact);
      // People's formats round the dollars to four significant digits.
      const rounded = { ...exact, cost: Number(exact?.cost.toPrecision(4)) };
      expect(table.get(model)).toEqual(rounded);
      expect(html.get(model)).toEqual(rounded);
    }
    expect(json.get(models[0] ?? "")).toEqual({
      passed: 11,
      runs: 12,
      cost: expect.closeTo(0.6, 9),
    });
    expect(json.get(models[1] ?? "")).toEqual({
      passed: 6,
      runs: 12,
      cost: expect.closeTo(0.024, 9),
    });
  });
});
