import { describe, expect, it } from "vitest";
import { CHEAP, caseResult, STRONG, twoModelReport } from "../test-support/report-fixture.js";
import { readXml } from "../test-support/xml-reader.js";
import { junitXml } from "./junit-xml.js";
import { summariseModels } from "./summarise.js";

describe("junitXml", () => {
  it("has a suite per model and a test case per model × case × trial, named with both", () => {
    const root = readXml(junitXml(twoModelReport()));
    expect(root.name).toBe("testsuites");
    expect(root.attributes.get("tests")).toBe("24");
    expect(root.attributes.get("failures")).toBe("7");
    const [strong, cheap] = root.children;
    expect(strong?.attributes.get("name")).toBe(STRONG);
    expect(cheap?.attributes.get("name")).toBe(CHEAP);
    const cases = strong?.children.filter((element) => element.name === "testcase") ?? [];
    expect(cases.map((element) => element.attributes.get("name")).slice(0, 4)).toEqual([
      "capital [trial 1]",
      "capital [trial 2]",
      "capital [trial 3]",
      "periods [trial 1]",
    ]);
    expect(new Set(cases.map((element) => element.attributes.get("classname")))).toEqual(
      new Set([STRONG]),
    );
    expect(cases[0]?.attributes.get("time")).toBe("0.300");
    const failed = cases.find((element) => element.children.length > 0);
    expect(failed?.attributes.get("name")).toBe("periods [trial 3]");
    expect(failed?.children[0]?.attributes.get("message")).toMatch(
      /^includes: expected "404" in <script>/,
    );
  });

  it("stays well-formed with hostile case ids and reasons: escaped, and what XML forbids removed", () => {
    const xml = junitXml(twoModelReport());
    const root = readXml(xml);
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u202e\u200b]/u);
    expect(xml).not.toContain("<script");
    const hostile = root.children[1]?.children.find(
      (element) =>
        element.attributes.get("name")?.endsWith("[trial 1]") &&
        element.attributes.get("name")?.startsWith("<script>"),
    );
    // What remains reads as the text it was, without the controls.
    expect(hostile?.attributes.get("name")).toBe(
      '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">]]>evil&amp; [trial 1]',
    );
    expect(hostile?.children[0]?.text).toContain("]]>evil&amp;");
  });

  it("keeps every failing scorer's reason, and says how a run without an answer ended", () => {
    const results = [
      caseResult({
        model: "m",
        caseId: "two",
        pass: false,
        scores: {
          includes: { pass: false, score: 0, reason: "no 404\nin the answer" },
          usesTool: { pass: true, score: 1, reason: "called search" },
          maxSteps: { pass: false, score: 0, reason: "took 9 steps, at most 5" },
        },
      }),
      caseResult({
        model: "m",
        caseId: "stopped",
        pass: false,
        status: "stopped",
        answer: undefined,
        error: { code: "max_steps", message: "Agent stopped after 5 steps" },
        scores: {},
      }),
    ];
    const xml = junitXml({
      suite: "s",
      startedAt: "",
      durationMs: 0,
      models: summariseModels(results),
      results,
    });
    const [two, stopped] =
      readXml(xml).children[0]?.children.filter((element) => element.name === "testcase") ?? [];
    expect(two?.children[0]?.text).toBe(
      "includes: no 404\nin the answer\nmaxSteps: took 9 steps, at most 5",
    );
    expect(two?.children[0]?.attributes.get("message")).toBe("includes: no 404\nin the answer");
    expect(stopped?.children[0]?.text).toBe("the run stopped: Agent stopped after 5 steps");
  });
});
