import { describe, expect, it } from "vitest";
import { CHEAP, caseResult, STRONG, twoModelReport } from "../test-support/report-fixture.js";
import { compareBaseline } from "./baseline.js";
import { progressLine } from "./progress-line.js";
import { reportTable } from "./report-table.js";
import { summariseModels } from "./summarise.js";

// What no foreign text may bring to a terminal: ESC, NUL and other controls, bidi overrides,
// zero-width characters.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/u;

describe("reportTable", () => {
  it("shows each model's pass count and rate, cost with the judges' apart, tokens, latency and steps", () => {
    const table = reportTable(twoModelReport(), { width: 160 });
    const strong = table.split("\n").find((line) => line.startsWith(`${STRONG} `));
    const cheap = table.split("\n").find((line) => line.startsWith(`${CHEAP} `));
    expect(strong?.split(/ {2,}/)).toEqual([
      STRONG,
      "11/12 92%",
      "$0.6000 +$0.004800 judge",
      "12000/2400",
      "1.8s/3.6s",
      "3.0",
    ]);
    expect(cheap?.split(/ {2,}/)).toEqual([
      CHEAP,
      "6/12 50%",
      "$0.02400",
      "9600/1800",
      "600ms/1.2s",
      "2.5",
    ]);
  });

  it("lists each failing run with its first failing scorer's reason, one line each", () => {
    const lines = reportTable(twoModelReport(), { width: 120 }).split("\n");
    const start = lines.findIndex((line) => line.startsWith("Failing (7)")) + 1;
    const failing = lines.slice(start, lines.indexOf("", start));
    expect(failing.length).toBe(7);
    expect(failing.filter((line) => line.startsWith(`${CHEAP}  `)).length).toBe(6);
    expect(failing[0]).toMatch(
      /^openai:gpt-4\.1 {2}periods \[trial 3\] {2}includes: expected "404" in <script>/,
    );
  });

  it("says — for a cost it does not know", () => {
    const results = [caseResult({ model: "local:llama", caseId: "a", cost: undefined })];
    const report = { ...twoModelReport(), models: summariseModels(results), results };
    expect(reportTable(report).split("\n")[1]?.split(/ {2,}/)[2]).toBe("—");
  });

  it("keeps control sequences, NUL and reordering characters from reaching the terminal, and every line within the width", () => {
    for (const width of [40, 80, 200]) {
      const table = reportTable(twoModelReport(), { width });
      expect(table).not.toMatch(UNSAFE);
      for (const line of table.split("\n"))
        expect(Array.from(line).length).toBeLessThanOrEqual(width);
    }
    // A hostile case id stays recognisable: what it hid is shown as escapes.
    expect(reportTable(twoModelReport(), { width: 400 })).toContain(
      "]]>\\u001b[2J\\u001b]0;title\\u0007\\u0000\\u202eevil\\u200b",
    );
  });

  it("colours only its own marks when asked", () => {
    const table = reportTable(twoModelReport(), { color: true });
    const escapes = table.match(/\u001b\[[0-9;]*m/g) ?? [];
    expect(escapes.length).toBeGreaterThan(0);
    expect(table.replace(/\u001b\[[0-9;]*m/g, "")).not.toMatch(UNSAFE);
  });

  it("marks regressed and improved rows and cases against a baseline", () => {
    const report = twoModelReport();
    // The baseline: the cheap model passed `capital` every time; the strong one never passed `periods`.
    const baseline = {
      ...report,
      results: report.results.map((result) =>
        result.model === CHEAP && result.caseId === "capital"
          ? { ...result, pass: true }
          : result.model === STRONG && result.caseId === "periods"
            ? { ...result, pass: false }
            : result,
      ),
    };
    const changes = compareBaseline(report, baseline);
    const lines = reportTable(report, { width: 200, baseline: { changes } }).split("\n");
    expect(lines.find((line) => line.startsWith(`${STRONG} `))).toMatch(/1 improved$/);
    expect(lines.find((line) => line.startsWith(`${CHEAP} `))).toMatch(/1 regressed$/);
    expect(
      lines.filter((line) => line.startsWith(`regressed  ${CHEAP}  capital [trial`)).length,
    ).toBe(3);
    expect(lines).toContain(`regressed  ${CHEAP}  capital  100% → 0%`);
    expect(lines).toContain(`improved  ${STRONG}  periods  0% → 67%`);
  });
});

describe("progressLine", () => {
  it("draws the share done as a bar with the counts, within the width", () => {
    expect(progressLine(12, 40, 10, 80)).toBe(
      `[${"#".repeat(12)}${".".repeat(28)}] 12/40 cases · 10 passed`,
    );
    expect(progressLine(0, 40, 0, 40)).toMatch(/^\[\.{16}\] 0\/40 cases · 0 passed$/);
    expect(progressLine(40, 40, 40, 60)).toMatch(/^\[#+\] 40\/40 cases · 40 passed$/);
    expect(progressLine(5, 10, 5, 20).length).toBeLessThanOrEqual(20);
  });
});
