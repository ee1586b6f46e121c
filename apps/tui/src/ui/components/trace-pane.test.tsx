import { type AgentEvent, NO_COST, NO_USAGE } from "@langchain-mini/core";
import { describe, expect, it } from "vitest";
import { renderUi } from "../../test-support/render-ui.js";
import { reduceRun } from "../state/run-reducer.js";
import type { RunView } from "../state/ui-state.js";
import { TracePane } from "./trace-pane.js";

function runOf(events: AgentEvent[], overrides: Partial<RunView> = {}): RunView {
  const start: RunView = {
    id: 1,
    question: "What is the square root of 25?",
    steps: [],
    warnings: [],
    outcome: "running",
    step: 0,
    maxSteps: 15,
    usage: NO_USAGE,
    cost: NO_COST,
    startedAt: 0,
  };
  return { ...events.reduce(reduceRun, start), ...overrides };
}

const FIRST_STEP: AgentEvent[] = [
  { type: "llm-start", step: 1 },
  {
    type: "llm-delta",
    step: 1,
    text: " I need a calculator\nAction: calculator\nAction Input: 25^(1/2)",
  },
  {
    type: "llm-end",
    step: 1,
    completion: " I need a calculator\nAction: calculator\nAction Input: 25^(1/2)",
    reason: "stop",
    durationMs: 1,
  },
  {
    type: "action",
    step: 1,
    tool: "calculator",
    input: "25^(1/2)",
    thought: "I need a calculator",
  },
];

function drawTrace(run: RunView | undefined, { unfolded = false, columns = 100, rows = 30 } = {}) {
  return renderUi(
    <TracePane
      run={run}
      unfolded={unfolded}
      box={{ width: columns, height: rows }}
      focused
      position="end"
      onMeasure={() => {}}
    />,
    { columns, rows },
  );
}

describe("TracePane", () => {
  it("says what it will show before the first question", async () => {
    const ui = await drawTrace(undefined);
    expect(ui.frame()).toContain("Each question's Thought, Action, Action Input and Observation");
  });

  it("streams the Thought as it arrives, with a cursor, before the action is known", async () => {
    const run = runOf([
      { type: "llm-start", step: 1 },
      { type: "llm-delta", step: 1, text: " I need to use a calc" },
    ]);
    const frame = (await drawTrace(run)).frame();
    expect(frame).toContain("Question: What is the square root of 25?");
    expect(frame).toContain("Step 1");
    expect(frame).toContain("Thought: I need to use a calc▍");
    expect(frame).not.toContain("Action:");
  });

  it("labels a whole step Thought, Action, Action Input and Observation", async () => {
    const run = runOf([...FIRST_STEP, { type: "observation", step: 1, text: "5" }]);
    const frame = (await drawTrace(run)).frame();
    expect(frame).toMatch(/Thought: I need a calculator\s*│?\n.*Action: calculator/);
    expect(frame).toContain("Action Input: 25^(1/2)");
    expect(frame).toContain("Observation: 5");
    expect(frame).not.toContain("▍");
  });

  it("shows the standalone question and warnings", async () => {
    const run = runOf([
      { type: "standalone-question", original: "and squared?", question: "What is 5 squared?" },
      { type: "warning", message: "SERPAPI_API_KEY is not set, so web search is left out" },
    ]);
    const frame = (await drawTrace(run)).frame();
    expect(frame).toContain("Standalone question: What is 5 squared?");
    expect(frame).toContain("Warning: SERPAPI_API_KEY is not set");
  });

  it("says cancelled when the run was cancelled", async () => {
    const run = runOf(FIRST_STEP, { outcome: "cancelled" });
    const frame = (await drawTrace(run)).frame();
    expect(frame).toContain("Action: calculator");
    expect(frame).toMatch(/^│ cancelled/m);
  });

  it("shows the error of a failed run", async () => {
    const run = runOf([
      { type: "llm-start", step: 1 },
      {
        type: "error",
        error: {
          code: "llm_auth",
          message: "OPENAI_API_KEY was rejected by the server: check the key",
        },
      },
      {
        type: "run-end",
        result: {
          status: "failed",
          question: "q",
          steps: [],
          usage: NO_USAGE,
          llmCalls: 1,
          durationMs: 1,
        },
      },
    ]);
    expect((await drawTrace(run)).frame()).toContain(
      "Error: OPENAI_API_KEY was rejected by the server: check the key",
    );
  });

  const longObservation = Array.from({ length: 20 }, (_, line) => `result line ${line + 1}`).join(
    "\n",
  );

  it("folds a long observation, saying how much is hidden and which key unfolds it", async () => {
    const run = runOf([...FIRST_STEP, { type: "observation", step: 1, text: longObservation }]);
    const frame = (await drawTrace(run)).frame();
    expect(frame).toContain("Observation: result line 1");
    expect(frame).toContain("result line 3… 17 more lines (Ctrl+O unfolds)");
    expect(frame).not.toContain("result line 4");
  });

  it("shows the whole observation unfolded", async () => {
    const run = runOf([...FIRST_STEP, { type: "observation", step: 1, text: longObservation }]);
    const frame = (await drawTrace(run, { unfolded: true, rows: 40 })).frame();
    expect(frame).toContain("result line 20");
    expect(frame).toContain("(Ctrl+O folds)");
  });

  it("keeps the space after a label when the text beside it wraps", async () => {
    const thought = "I need to round up the number to the nearest whole number of periods";
    const run = runOf([
      { type: "llm-start", step: 1 },
      { type: "final-answer", step: 1, answer: "405", thought },
    ]);
    const frame = (await drawTrace(run, { columns: 50 })).frame();
    expect(frame).toContain("Thought: I need to round");
    expect(frame).toMatch(/^│ {10}nearest/m);
  });

  it("wraps long lines to a narrow pane instead of cutting them", async () => {
    const run = runOf([
      ...FIRST_STEP,
      { type: "observation", step: 1, text: "word ".repeat(30).trim() },
    ]);
    const frame = (await drawTrace(run, { columns: 40 })).frame();
    for (const line of frame.split("\n")) expect(line.length).toBeLessThanOrEqual(40);
    expect(frame.match(/word/g)).toHaveLength(30);
  });
});
