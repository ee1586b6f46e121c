import { describe, expect, it } from "vitest";
import type { AgentEvent, AgentResult } from "../contracts/events.js";
import type { Llm, LlmRequest } from "../contracts/llm.js";
import type { ModelPrice } from "../contracts/price.js";
import type { RunRecord } from "../contracts/run-journal.js";
import type { Tool } from "../contracts/tool.js";
import { costOf } from "../cost/cost.js";
import { estimateTokens } from "../cost/tokens.js";
import { ScriptedLlm, type ScriptedReply } from "../testing/scripted-llm.js";
import type { AgentRunOptions } from "./agent-base.js";
import { Agent, type AgentOptions } from "./react-agent.js";
import { ToolCallingAgent } from "./tool-calling-agent.js";

const echo: Tool = { name: "echo", description: "repeats its input", execute: (input) => input };
const price: ModelPrice = { input: 3, output: 15 };
const MAX_TOKENS = 100;
// A long observation each step, so that the prompt (and each call's cost) grows.
const act = (step: number) =>
  ` step ${step}\nAction: echo\nAction Input: ${step} ${"word ".repeat(50)}`;
const looping = (steps: number): ScriptedReply[] => Array.from({ length: steps }, (_, i) => act(i));

async function runReAct(llm: Llm, options: Partial<AgentOptions> = {}, run: AgentRunOptions = {}) {
  const agent = new Agent({ llm, tools: [echo], maxSteps: 40, maxTokens: MAX_TOKENS, ...options });
  const started = agent.run("Say it forty times", run);
  const events: AgentEvent[] = [];
  for await (const event of started) events.push(event);
  return { result: await started.result, events };
}

const starts = (events: readonly AgentEvent[]) => events.filter((e) => e.type === "llm-start");

/** The most a call with this prompt could cost: its estimated tokens, the reply at the limit. */
const mostACallCosts = (prompt: string) =>
  costOf({ inputTokens: estimateTokens(prompt), outputTokens: MAX_TOKENS }, price);

function expectStoppedAtBudget(result: AgentResult, events: readonly AgentEvent[]) {
  expect(result.status).toBe("stopped");
  expect(result.error?.code).toBe("budget_exceeded");
  // Its steps are kept, one per call made, and the call refused never started.
  expect(result.steps).toHaveLength(result.llmCalls);
  expect(starts(events)).toHaveLength(result.llmCalls);
  expect(events.at(-2)).toEqual({ type: "error", error: result.error });
}

describe("a run's budget in dollars (maxCost)", () => {
  it("stops before the call that could pass it, within one call's cost of it", async () => {
    const llm = new ScriptedLlm(looping(40), { price });
    const maxCost = 0.02;
    const { result, events } = await runReAct(llm, { maxCost });
    expectStoppedAtBudget(result, events);
    expect(result.llmCalls).toBeGreaterThan(3);
    expect(result.llmCalls).toBeLessThan(40);
    expect(llm.calls).toHaveLength(result.llmCalls);
    const spent = result.cost ?? Number.NaN;
    expect(spent).toBeLessThanOrEqual(maxCost);
    // The next prompt is the last one plus the last step: more than the last call cost.
    const lastPrompt = llm.calls.at(-1)?.prompt ?? "";
    expect(maxCost - spent).toBeLessThan(mostACallCosts(`${lastPrompt}${act(0)}`) * 1.5);
    expect(result.error?.message).toMatch(
      /^Stopped at the run's budget: it spent \$0\.0\d+ of its \$0\.02 limit, and the next LLM call could cost up to \$0\.00\d+: raise --max-cost, or lower --max-tokens \(what one reply may cost\)$/,
    );
  });

  it("stops the function-calling agent the same way", async () => {
    const replies = Array.from({ length: 40 }, (_, step) => ({
      toolCalls: [{ name: "echo", arguments: { input: `${step} ${"word ".repeat(50)}` } }],
    }));
    const llm = new ScriptedLlm(replies, { price });
    const agent = new ToolCallingAgent({
      llm,
      tools: [echo],
      maxSteps: 40,
      maxTokens: MAX_TOKENS,
      maxCost: 0.02,
    });
    const run = agent.run("Say it forty times");
    const events: AgentEvent[] = [];
    for await (const event of run) events.push(event);
    const result = await run.result;
    expectStoppedAtBudget(result, events);
    expect(result.cost).toBeLessThanOrEqual(0.02);
    expect(result.llmCalls).toBeGreaterThan(1);
  });

  it("fails at once, as a configuration error, for a model without a price", async () => {
    const llm = new ScriptedLlm(looping(3));
    const { result } = await runReAct(llm, { maxCost: 1 });
    expect(result.status).toBe("failed");
    expect(result.error).toEqual({
      code: "config_invalid",
      message:
        "A budget in dollars needs the model's price, and script:scripted has none: give the model a price, or bound the run's tokens with --max-tokens-total",
    });
    expect(llm.calls).toHaveLength(0);
  });

  it("refuses a budget that is no amount, before any call", async () => {
    for (const maxCost of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      const llm = new ScriptedLlm(looping(3), { price });
      const { result } = await runReAct(llm, { maxCost });
      expect(result.error?.code).toBe("config_invalid");
      expect(llm.calls).toHaveLength(0);
    }
  });

  it("leaves a run without limits alone", async () => {
    const llm = new ScriptedLlm([...looping(3), " done\nFinal Answer: said"], { price });
    const { result } = await runReAct(llm);
    expect(result).toMatchObject({ status: "answered", answer: "said", llmCalls: 4 });
  });
});

describe("a run's budget in tokens (maxTokensTotal)", () => {
  it("bounds a model without a price", async () => {
    const llm = new ScriptedLlm(looping(40));
    const maxTokensTotal = 5_000;
    const { result, events } = await runReAct(llm, { maxTokensTotal });
    expectStoppedAtBudget(result, events);
    expect(result).not.toHaveProperty("cost");
    const used = result.usage.inputTokens + result.usage.outputTokens;
    expect(used).toBeLessThanOrEqual(maxTokensTotal);
    expect(result.error?.message).toMatch(
      /^Stopped at the run's token budget: it used [\d,]+ of its 5,000 tokens, and the next LLM call could use up to [\d,]+: raise --max-tokens-total/,
    );
  });

  it("counts from the tokens the provider reported, not from its own estimate of the prompt", async () => {
    // A tokenizer that makes each character a token: four times core's estimate.
    const scripted = new ScriptedLlm(looping(40));
    const denser: Llm = {
      provider: "dense",
      model: "m",
      async *stream(request: LlmRequest) {
        for await (const chunk of scripted.stream(request)) {
          yield chunk.type === "finish" && chunk.usage
            ? {
                ...chunk,
                usage: { ...chunk.usage, inputTokens: (request.prompt ?? "").length },
              }
            : chunk;
        }
      },
    };
    const maxTokensTotal = 20_000;
    const { result } = await runReAct(denser, { maxTokensTotal, maxTokens: 1_000 });
    expect(result.error?.code).toBe("budget_exceeded");
    expect(result.usage.inputTokens + result.usage.outputTokens).toBeLessThanOrEqual(
      maxTokensTotal,
    );
  });
});

describe("a session's budget (sessionBudget)", () => {
  it("counts what the runs before spent, and says it was the session's", async () => {
    const llm = new ScriptedLlm(looping(40), { price });
    const sessionBudget = { maxCost: 0.05, spent: 0.04 };
    const { result, events } = await runReAct(llm, { sessionBudget, maxCost: 1 });
    expectStoppedAtBudget(result, events);
    expect((result.cost ?? Number.NaN) + 0.04).toBeLessThanOrEqual(0.05);
    expect(result.error?.message).toMatch(
      /^Stopped at the session's budget: its runs spent \$0\.04\d* of its \$0\.05 limit, .*: raise --session-max-cost/,
    );
  });

  it("stops before the first call when the runs before used it up", async () => {
    const llm = new ScriptedLlm(looping(3), { price });
    const { result } = await runReAct(llm, { sessionBudget: { maxCost: 0.05, spent: 0.05 } });
    expect(result).toMatchObject({ status: "stopped", llmCalls: 0, steps: [] });
    expect(llm.calls).toHaveLength(0);
  });
});

describe("early stopping 'generate' at the budget", () => {
  const SUFFIX =
    "\n\nI now need to return a final answer based on the previous steps:\nFinal Answer:";
  const generate: Partial<AgentOptions> = { earlyStopping: "generate", maxTokens: 4_000 };

  /** The prompts and costs of a run's first calls, made without a budget. */
  async function firstCalls(count: number) {
    const llm = new ScriptedLlm(looping(count), { price });
    const { events } = await runReAct(llm, { maxSteps: count });
    const costs = events.flatMap((event) => (event.type === "llm-end" ? [event.cost ?? 0] : []));
    return { prompts: llm.calls.map((call) => call.prompt ?? ""), costs };
  }

  it("asks for a final answer in what the budget leaves", async () => {
    const { prompts, costs } = await firstCalls(3);
    // Two steps fit; the third could cost 4,000 tokens' reply, 3,950 are left for it.
    const third = estimateTokens(prompts[2] ?? "");
    const maxCost =
      (costs[0] ?? 0) +
      (costs[1] ?? 0) +
      costOf({ inputTokens: third, outputTokens: 3_950 }, price);
    const llm = new ScriptedLlm([act(0), act(1), "it was said"], { price });
    const { result, events } = await runReAct(llm, { ...generate, maxCost });
    expect(result).toMatchObject({ status: "answered", answer: "it was said", llmCalls: 3 });
    const last = llm.calls.at(-1);
    expect(last?.prompt).toBe(`${prompts[2]}${SUFFIX}`);
    expect(last?.maxTokens).toBeGreaterThan(3_900);
    expect(last?.maxTokens).toBeLessThan(3_950);
    // What the last call could have cost at its limit stays inside the budget.
    const mostItCouldCost = costOf(
      { inputTokens: estimateTokens(last?.prompt ?? ""), outputTokens: last?.maxTokens ?? 0 },
      price,
    );
    expect((costs[0] ?? 0) + (costs[1] ?? 0) + mostItCouldCost).toBeLessThanOrEqual(maxCost);
    expect(result.cost).toBeLessThanOrEqual(maxCost);
    expect(events).toContainEqual({
      type: "warning",
      message: `The next step could pass the budget; asking the model for a final answer from the steps so far, in at most ${(last?.maxTokens ?? 0).toLocaleString("en-US")} tokens`,
    });
  });

  it("stops without that call when the budget leaves no room for an answer", async () => {
    const { prompts } = await firstCalls(1);
    const first = estimateTokens(`${prompts[0]}${SUFFIX}`);
    const maxCost = costOf({ inputTokens: first, outputTokens: 100 }, price);
    const llm = new ScriptedLlm(looping(3), { price });
    const { result, events } = await runReAct(llm, { ...generate, maxCost });
    expectStoppedAtBudget(result, events);
    expect(llm.calls).toHaveLength(0);
  });
});

describe("a resumed run's budget", () => {
  /** A run's journal, and the same run taken up again from all of it but its end. */
  async function runAndResume(first: ScriptedReply[], options: Partial<AgentOptions>) {
    const records: RunRecord[] = [];
    const journal = { write: async (record: RunRecord) => void records.push(record) };
    const original = await runReAct(new ScriptedLlm(first, { price }), options, { journal });
    const recorded = records.filter((record) => record.type !== "end");
    const again = new ScriptedLlm([], { price });
    const resumed = await runReAct(again, options, {
      journal: { write: async () => undefined, recorded },
    });
    return { original: original.result, resumed: resumed.result, liveCalls: again.calls };
  }

  const same = (result: AgentResult) => ({
    status: result.status,
    answer: result.answer,
    error: result.error,
    steps: result.steps,
    llmCalls: result.llmCalls,
    cost: result.cost,
  });

  it("stops where the run stopped, from what its journal recorded, calling nothing", async () => {
    const { original, resumed, liveCalls } = await runAndResume(looping(40), { maxCost: 0.02 });
    expect(original.error?.code).toBe("budget_exceeded");
    expect(same(resumed)).toEqual(same(original));
    expect(liveCalls).toHaveLength(0);
  });

  it("asks for its final answer where it did, with 'generate'", async () => {
    const options: Partial<AgentOptions> = {
      earlyStopping: "generate",
      maxTokens: 400,
      maxCost: 0.02,
    };
    const { original, resumed, liveCalls } = await runAndResume(
      [...looping(5), "it was said"],
      options,
    );
    expect(original).toMatchObject({ status: "answered", answer: "it was said" });
    expect(same(resumed)).toEqual(same(original));
    expect(liveCalls).toHaveLength(0);
  });

  it("holds the recorded calls to a lower budget given when it is taken up", async () => {
    const first = new ScriptedLlm(looping(3), { price });
    const records: RunRecord[] = [];
    const journal = { write: async (record: RunRecord) => void records.push(record) };
    await runReAct(first, { maxSteps: 3 }, { journal });
    const recorded = records.filter((record) => record.type !== "end");
    const costs = recorded.flatMap((record) => (record.type === "llm" ? [record.cost ?? 0] : []));

    const again = new ScriptedLlm([], { price });
    const { result } = await runReAct(
      again,
      { maxSteps: 10, maxCost: (costs[0] ?? 0) + mostACallCosts(act(0)) },
      { journal: { write: async () => undefined, recorded } },
    );
    expect(again.calls).toHaveLength(0);
    expect(result.status).toBe("stopped");
    expect(result.error?.code).toBe("budget_exceeded");
    expect(result.llmCalls).toBeLessThan(3);
  });
});
