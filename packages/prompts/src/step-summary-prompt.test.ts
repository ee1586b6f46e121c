import { describe, expect, it } from "vitest";
import { renderStepSummaryPrompt, STEP_SUMMARY_TEMPLATE } from "./step-summary-prompt.js";

describe("renderStepSummaryPrompt", () => {
  it("asks to fold the new steps into the summary so far, for the question", () => {
    const prompt = renderStepSummaryPrompt({
      question: "Who won?",
      summary: "Searched the results page; it lists three races.",
      newSteps: "Step 4: Action: search\nAction Input: race 3 winner\nObservation: Ada",
    });
    expect(prompt).toContain("Question: Who won?\n");
    expect(
      prompt.endsWith(
        "Summary so far:\nSearched the results page; it lists three races.\n\nNew steps:\nStep 4: Action: search\nAction Input: race 3 winner\nObservation: Ada\n\nNew summary:",
      ),
    ).toBe(true);
  });

  it("says so when there is no summary yet, and takes another wording", () => {
    expect(renderStepSummaryPrompt({ question: "q", summary: "", newSteps: "s" })).toContain(
      "Summary so far:\n(nothing yet)\n",
    );
    expect(
      renderStepSummaryPrompt({
        question: "q",
        summary: "s",
        newSteps: "n",
        template: "[{question}|{summary}|{new_steps}]",
      }),
    ).toBe("[q|s|n]");
    expect(STEP_SUMMARY_TEMPLATE).toContain("{new_steps}");
  });
});
