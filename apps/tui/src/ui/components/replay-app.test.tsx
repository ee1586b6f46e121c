import type { AgentEvent } from "@langchain-mini/core";
import type { TraceLine } from "@langchain-mini/host";
import { describe, expect, it } from "vitest";
import { renderUi } from "../../test-support/render-ui.js";
import { CUT_SHORT, recordedRuns } from "../replay-chat.js";
import { ReplayApp } from "./replay-app.js";

const usage = { inputTokens: 100, outputTokens: 10 };
let time = 0;
const line = (event: AgentEvent): TraceLine => {
  time += 5;
  return { ...event, timeMs: time };
};
const start = (question: string) =>
  line({
    type: "run-start",
    runId: question,
    question,
    tools: ["calculator"],
    maxSteps: 15,
    provider: "openai",
    model: "gpt-4.1-mini",
  });
const answered = (answer: string, question: string) => [
  line({ type: "llm-start", step: 1, prompt: `Question: ${question}\nThought:` }),
  line({
    type: "llm-end",
    step: 1,
    completion: ` I know.\nFinal Answer: ${answer}`,
    reason: "stop",
    usage,
    durationMs: 4,
  }),
  line({ type: "final-answer", step: 1, answer, thought: "I know." }),
  line({
    type: "run-end",
    result: { status: "answered", answer, question, steps: [], usage, llmCalls: 1, durationMs: 6 },
  }),
];

describe("ReplayApp", () => {
  it("plays every recorded question in turn, the follow-up as the user typed it", async () => {
    const lines = [
      start("What is 2+2?"),
      ...answered("four", "What is 2+2?"),
      start("What is 2+2 doubled?"),
      line({ type: "standalone-question", original: "Doubled?", question: "What is 2+2 doubled?" }),
      ...answered("eight", "What is 2+2 doubled?"),
    ];
    const ui = await renderUi(
      <ReplayApp runs={recordedRuns(lines)} speed={0} file="chat.jsonl" complete />,
      { columns: 120, rows: 30 },
    );
    const frame = await ui.waitFor("Replay finished");
    expect(frame).toMatch(/> What is 2\+2\?[\s\S]*four[\s\S]*> Doubled\?[\s\S]*eight/);
    expect(frame).toContain("Standalone question: What is 2+2 doubled?");
    expect(frame).toContain("openai:gpt-4.1-mini · 1 step · 0.0s: LLM 0.0s");
  });

  it("shows each recorded approval decision in the trace", async () => {
    const write = (input: string) =>
      ({ type: "action", step: 1, tool: "write_file", input, thought: "I will write" }) as const;
    const lines = [
      start("Save it"),
      line({ type: "llm-start", step: 1, prompt: "Question: Save it\nThought:" }),
      line(write("a.txt")),
      line({
        type: "approval",
        step: 1,
        tool: "write_file",
        input: "a.txt",
        decision: "declined",
        asked: true,
        note: "not there",
      }),
      line({ type: "observation", step: 1, text: "The user declined to run write_file" }),
      ...answered("kept it", "Save it").slice(1),
    ];
    const ui = await renderUi(
      <ReplayApp runs={recordedRuns(lines)} speed={0} file="chat.jsonl" complete />,
      { columns: 120, rows: 30 },
    );
    const frame = await ui.waitFor("Replay finished");
    expect(frame).toContain('Approval: declined: "not there"');
  });

  it("says when the trace stops before its run ended", async () => {
    const lines = [start("q"), line({ type: "llm-start", step: 1, prompt: "Question: q" })];
    const ui = await renderUi(
      <ReplayApp runs={recordedRuns(lines)} speed={0} file="killed.jsonl" complete={false} />,
    );
    const frame = await ui.waitFor("Replay finished");
    // In the conversation and in the trace, not left spinning.
    expect(frame.split(CUT_SHORT.slice(0, 30)).length).toBe(3);
    expect(frame).not.toContain("waiting for the model");
  });
});
