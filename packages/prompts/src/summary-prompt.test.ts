import { describe, expect, it } from "vitest";
import { renderSummaryPrompt, SUMMARY_TEMPLATE } from "./summary-prompt.js";

describe("renderSummaryPrompt", () => {
  it("asks for the summary so far with only the newest lines folded in", () => {
    const prompt = renderSummaryPrompt({
      summary: "The user asked for yesterday's high in SF: 54°F.",
      newLines: "Q: What is that in celsius?\nA: 12.2°C",
    });
    expect(
      prompt.endsWith(
        "Summary so far:\nThe user asked for yesterday's high in SF: 54°F.\n\nNew lines of conversation:\nQ: What is that in celsius?\nA: 12.2°C\n\nNew summary:",
      ),
    ).toBe(true);
    expect(prompt).toContain("EXAMPLE");
  });

  it("says so when there is no summary yet, and takes another wording", () => {
    expect(renderSummaryPrompt({ summary: "", newLines: "Q: q\nA: a" })).toContain(
      "Summary so far:\n(nothing yet)\n",
    );
    expect(
      renderSummaryPrompt({ summary: "s", newLines: "n", template: "[{summary}|{new_lines}]" }),
    ).toBe("[s|n]");
    expect(SUMMARY_TEMPLATE).toContain("{new_lines}");
  });
});
