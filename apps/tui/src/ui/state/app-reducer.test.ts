import { type AgentEvent, type AgentResult, costTotal } from "@langchain-mini/core";
import { describe, expect, it } from "vitest";
import {
  initialState,
  isRunning,
  sessionCost,
  sessionUsage,
  type UiAction,
  uiReducer,
} from "./app-reducer.js";
import type { UiState } from "./ui-state.js";

const result = (overrides: Partial<AgentResult> = {}): AgentResult => ({
  status: "answered",
  answer: "5",
  question: "q",
  steps: [],
  usage: { inputTokens: 100, outputTokens: 20 },
  llmCalls: 2,
  durationMs: 10,
  ...overrides,
});

function run(state: UiState, ...actions: UiAction[]) {
  return actions.reduce(uiReducer, state);
}

const events = (...list: AgentEvent[]): UiAction => ({
  type: "agent-events",
  events: list,
  now: 2_000,
});
const ask = (question: string): UiAction => ({
  type: "submitted",
  question,
  maxSteps: 15,
  now: 1_000,
});

describe("uiReducer", () => {
  it("builds a step from the stream: thought as it arrives, then action, observation and answer", () => {
    let state = run(
      initialState({ model: "script:scripted" }),
      ask("root of 25?"),
      events(
        { type: "llm-start", step: 1 },
        { type: "llm-delta", step: 1, text: " I need a calc" },
      ),
    );
    expect(state.run?.steps[0]?.streamed).toBe(" I need a calc");
    expect(state.run?.waitingOn).toBe("llm");
    state = run(
      state,
      events(
        { type: "llm-delta", step: 1, text: "ulator\nAction: calculator\nAction Input: 25^(1/2)" },
        {
          type: "llm-end",
          step: 1,
          completion: " I need a calculator\nAction: calculator\nAction Input: 25^(1/2)",
          reason: "stop",
          usage: { inputTokens: 50, outputTokens: 10 },
          durationMs: 5,
        },
        {
          type: "action",
          step: 1,
          tool: "calculator",
          input: "25^(1/2)",
          thought: "I need a calculator",
        },
        { type: "tool-start", step: 1, tool: "calculator", input: "25^(1/2)" },
      ),
    );
    expect(state.run?.waitingOn).toBe("tool");
    expect(state.run?.steps[0]).toMatchObject({
      thought: "I need a calculator",
      tool: "calculator",
    });
    state = run(
      state,
      events(
        { type: "tool-end", step: 1, tool: "calculator", output: "5", durationMs: 1 },
        { type: "observation", step: 1, text: "5" },
        { type: "final-answer", step: 2, answer: "It is 5.", thought: "I know" },
        { type: "run-end", result: result({ answer: "It is 5." }) },
      ),
    );
    expect(state.run?.outcome).toBe("answered");
    expect(state.run?.steps.map((step) => step.step)).toEqual([1, 2]);
    expect(state.run?.steps[0]?.observation).toBe("5");
    expect(state.conversation.map((entry) => [entry.kind, entry.text])).toEqual([
      ["question", "root of 25?"],
      ["answer", "It is 5."],
    ]);
  });

  it("strips terminal control sequences from everything the model and tools say", () => {
    const state = run(
      initialState({ model: "m" }),
      ask("q"),
      events(
        { type: "llm-start", step: 1 },
        { type: "llm-delta", step: 1, text: "\u001b[2J\u001b]0;owned\u0007Thought" },
        { type: "observation", step: 1, text: "\u001b[31mred\u001b[0m" },
        { type: "run-end", result: result({ answer: "\u001b[1Aup" }) },
      ),
    );
    expect(state.run?.steps[0]?.streamed).toBe("Thought");
    expect(state.run?.steps[0]?.observation).toBe("red");
    expect(state.conversation.at(-1)?.text).toBe("up");
  });

  it("cancels at once and ignores whatever the cancelled run still sends", () => {
    let state = run(initialState({ model: "m" }), ask("q"), events({ type: "llm-start", step: 1 }));
    state = run(state, { type: "cancelled", now: 1_500 });
    expect(isRunning(state)).toBe(false);
    expect(state.run?.outcome).toBe("cancelled");
    expect(state.conversation.at(-1)).toMatchObject({ kind: "cancelled", text: "cancelled" });
    const after = run(state, events({ type: "run-end", result: result({ status: "aborted" }) }));
    expect(after).toBe(state);
  });

  it("takes a status it does not know (a replayed trace's `constructor`) as a failure", () => {
    for (const status of ["constructor", "__proto__", "toString"]) {
      const state = run(
        initialState({ model: "m" }),
        ask("q"),
        events({
          type: "run-end",
          result: result({ status: status as AgentResult["status"], answer: undefined }),
        }),
      );
      expect(state.run?.outcome).toBe("failed");
    }
  });

  it("shows a failed run's error in the trace and the conversation", () => {
    const state = run(
      initialState({ model: "m" }),
      ask("q"),
      events(
        { type: "error", error: { code: "llm_auth", message: "OPENAI_API_KEY was rejected" } },
        { type: "run-end", result: result({ status: "failed", answer: undefined }) },
      ),
    );
    expect(state.run).toMatchObject({ outcome: "failed", error: "OPENAI_API_KEY was rejected" });
    expect(state.conversation.at(-1)).toMatchObject({
      kind: "error",
      text: "OPENAI_API_KEY was rejected",
    });
  });

  it("counts tokens for the run and the whole session", () => {
    const usage = { inputTokens: 100, outputTokens: 20 };
    const end: AgentEvent = {
      type: "llm-end",
      step: 1,
      completion: "",
      reason: "stop",
      usage,
      durationMs: 1,
    };
    let state = run(
      initialState({ model: "m" }),
      ask("one"),
      events({ type: "llm-start", step: 1 }, end),
    );
    expect(state.run?.usage).toEqual(usage);
    state = run(state, events({ type: "run-end", result: result({ usage }) }), ask("two"));
    state = run(state, events({ type: "llm-start", step: 1 }, end));
    expect(state.run?.usage).toEqual(usage);
    expect(sessionUsage(state)).toEqual({ inputTokens: 200, outputTokens: 40 });
  });

  it("adds up what the run and the session cost, memory's calls included", () => {
    const usage = { inputTokens: 100, outputTokens: 20 };
    const priced = (step: number, cost: number): AgentEvent => ({
      type: "llm-end",
      step,
      ...(step === 0 ? { purpose: "rewrite" as const } : {}),
      completion: "",
      reason: "stop",
      usage,
      cost,
      durationMs: 1,
    });
    let state = run(
      initialState({ model: "m" }),
      ask("one"),
      events({ type: "llm-start", step: 1 }, priced(1, 0.25)),
      events({ type: "run-end", result: result({ usage, cost: 0.25 }) }),
      ask("two"),
      events(priced(0, 0.125), { type: "llm-start", step: 1 }, priced(1, 0.5)),
    );
    expect(state.run && costTotal(state.run.cost)).toBe(0.625);
    expect(costTotal(sessionCost(state))).toBe(0.875);
    // A call the price did not cover: the session's cost is no longer known, only its tokens.
    const unpriced: AgentEvent = {
      type: "llm-end",
      step: 2,
      completion: "",
      reason: "stop",
      usage,
      durationMs: 1,
    };
    state = run(state, events({ type: "llm-start", step: 2 }, unpriced));
    expect(costTotal(sessionCost(state))).toBeUndefined();
    expect(sessionUsage(state).inputTokens).toBe(400);
  });

  it("keeps the standalone question and warnings of a run", () => {
    const state = run(
      initialState({ model: "m" }),
      ask("and its square?"),
      events(
        {
          type: "standalone-question",
          original: "and its square?",
          question: "What is 5 squared?",
        },
        { type: "warning", message: "search left out" },
      ),
    );
    expect(state.run).toMatchObject({
      standaloneQuestion: "What is 5 squared?",
      warnings: ["search left out"],
    });
  });

  it("starts a named conversation with its earlier turns, and clears without losing a run", () => {
    const state = run(initialState({ model: "m", notices: ["a notice"] }), {
      type: "conversation-started",
      session: "work",
      turns: [{ question: "q1", answer: "a1" }],
    });
    expect(state.session).toBe("work");
    expect(state.conversation.map((entry) => entry.text)).toEqual(["q1", "a1"]);
    const running = run(state, ask("q2"), { type: "cleared" });
    expect(running.conversation).toEqual([]);
    expect(isRunning(running)).toBe(true);
  });

  it("asks before quitting during a run, and Esc takes the question back", () => {
    const state = run(initialState({ model: "m" }), { type: "quit-asked" });
    expect(state.confirmingQuit).toBe(true);
    expect(run(state, { type: "quit-dismissed" }).confirmingQuit).toBe(false);
  });
});
