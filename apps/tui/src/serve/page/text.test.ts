import { describe, expect, it } from "vitest";
import {
  displayText,
  formatCost,
  oneLine,
  runSummaryText,
  splitCompletion,
  visibleText,
} from "./text.js";

describe("text from the server, as the page shows it", () => {
  it("drops C0 and C1 controls but newline and tab, and keeps what was around them", () => {
    expect(displayText("\u001b[31mred\u001b[0m\tok\u0007\u009b2J\u0000")).toBe("[31mred[0m\tok2J");
    expect(displayText("one\r\ntwo\rthree")).toBe("one\ntwo\nthree");
  });

  it("drops bidirectional overrides, isolates, zero-width and tag characters", () => {
    expect(displayText("file\u202egnp.exe\u2066x\u2069\u200b\ufeff\u{e0041}")).toBe("filegnp.exex");
  });

  it("writes each unsafe character of an input to approve as a visible escape", () => {
    expect(visibleText("rm \u202e-rf\u001b[2J \u{e0041}")).toBe(
      "rm \\u202e-rf\\u001b[2J \\u{e0041}",
    );
    expect(visibleText("plain\ttext\n")).toBe("plain\ttext\n");
  });

  it("makes an error one safe line", () => {
    expect(oneLine("  first\u001b]0;title\u0007 line\nsecond")).toBe("first]0;title line");
  });

  it("splits a streaming ReAct completion under its labels, as the terminal UI does", () => {
    expect(splitCompletion(" I need the sum.\nAction: calculator\nAction In")).toEqual({
      thought: "I need the sum.",
      action: "calculator\nAction In",
    });
    expect(splitCompletion(" Done.\nFinal Answer: **5**")).toEqual({
      thought: "Done.",
      finalAnswer: "**5**",
    });
  });

  it("says what a run cost as the terminal's transcript does", () => {
    expect(formatCost(0)).toBe("$0");
    expect(formatCost(0.00038)).toBe("$0.00038");
    expect(formatCost(12.345)).toBe("$12.35");
    const result = { durationMs: 4210, usage: { inputTokens: 1234, outputTokens: 56 } };
    expect(runSummaryText(2, { ...result, cost: 0.0012 })).toBe(
      "2 steps · 4.2s · 1234 in / 56 out tokens · $0.0012",
    );
    expect(runSummaryText(1, result)).toBe("1 step · 4.2s · 1234 in / 56 out tokens");
  });
});
