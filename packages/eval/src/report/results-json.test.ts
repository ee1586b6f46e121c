import { isLangchainMiniError } from "@langchain-mini/core";
import { describe, expect, it } from "vitest";
import { HOSTILE, twoModelReport } from "../test-support/report-fixture.js";
import { readResultsJson, resultsJson } from "./results-json.js";

describe("resultsJson", () => {
  it("writes every case run whole, and reads back as the same report", () => {
    const report = twoModelReport();
    const json = resultsJson(report);
    const document = JSON.parse(json);
    expect(Object.keys(document)).toEqual([
      "suite",
      "startedAt",
      "durationMs",
      "models",
      "results",
    ]);
    expect(document.results).toHaveLength(24);
    expect(Object.keys(document.results[0])).toEqual(
      expect.arrayContaining([
        "model",
        "caseId",
        "trial",
        "runId",
        "answer",
        "pass",
        "scores",
        "cost",
        "tokens",
        "durationMs",
      ]),
    );
    // Lossless: the hostile answer comes back exactly.
    expect(document.results.some((result: { answer: string }) => result.answer === HOSTILE)).toBe(
      true,
    );
    expect(readResultsJson(json)).toEqual(report);
  });

  it("is safe to print: what a terminal would act on is written as an escape", () => {
    const json = resultsJson(twoModelReport());
    expect(json).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b\u202e]/u);
    expect(json).toContain("\\u001b[2J");
    expect(json).toContain("\\u202e");
  });
});

describe("readResultsJson", () => {
  const failure = (text: string) => {
    try {
      readResultsJson(text, "old.json");
    } catch (error) {
      expect(isLangchainMiniError(error) && error.code).toBe("config_invalid");
      return (error as Error).message;
    }
    throw new Error("read without complaint");
  };

  it("refuses a file that is not a results file, in one line that says which and what to do", () => {
    const good = JSON.parse(resultsJson(twoModelReport()));
    const cases: [string, RegExp][] = [
      ["not json {", /it is not JSON/],
      ["[1, 2]", /it has no results list/],
      ['{"results": {}}', /it has no results list/],
      [JSON.stringify({ results: [null] }), /result 1 is not an object/],
      [JSON.stringify({ results: [{ ...good.results[0], trial: 0 }] }), /result 1 has no trial/],
      [
        JSON.stringify({ results: [good.results[0], { ...good.results[1], pass: "yes" }] }),
        /result 2 has no pass/,
      ],
      [JSON.stringify({ results: [{ ...good.results[0], caseId: 7 }] }), /result 1 has no caseId/],
      [
        JSON.stringify({ results: [{ ...good.results[0], tokens: undefined }] }),
        /result 1 has no tokens/,
      ],
    ];
    for (const [text, problem] of cases) {
      const message = failure(text);
      expect(message).toMatch(problem);
      expect(message).toMatch(/^old\.json is not a results file of `langchain-mini eval --json`: /);
      expect(message).toMatch(/give a file an earlier `eval --json <file>` wrote$/);
      expect(message).not.toContain("\n");
    }
  });

  it("accepts an empty results list, and a case id like constructor", () => {
    expect(readResultsJson('{"results": []}').results).toEqual([]);
    const report = readResultsJson(resultsJson(twoModelReport()));
    expect(report.results.filter((result) => result.caseId === "constructor")).toHaveLength(6);
  });
});
