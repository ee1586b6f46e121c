import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../contracts/events.js";
import type { ModelPrice } from "../contracts/price.js";
import type { Tool } from "../contracts/tool.js";
import { costOf } from "../cost/cost.js";
import { ScriptedLlm } from "../testing/scripted-llm.js";
import { Agent } from "./react-agent.js";
import { summariseRun } from "./run-stats.js";
import { ToolCallingAgent } from "./tool-calling-agent.js";

const echo: Tool = { name: "echo", description: "repeats", execute: (input) => input };
const price: ModelPrice = { input: 3, output: 15, checked: "2026-11-23" };
const replies = [" act\nAction: echo\nAction Input: hi", " done\nFinal Answer: hi"];

async function eventsOf(run: AsyncIterable<AgentEvent>) {
  const events: AgentEvent[] = [];
  for await (const event of run) events.push(event);
  return events;
}

const ends = (events: readonly AgentEvent[]) =>
  events.flatMap((event) => (event.type === "llm-end" ? [event] : []));

describe("what a run cost", () => {
  it("puts each call's cost on its llm-end event and their sum on the result", async () => {
    const llm = new ScriptedLlm(replies, { price });
    const run = new Agent({ llm, tools: [echo] }).run("q");
    const events = await eventsOf(run);
    const result = await run.result;
    const calls = ends(events);
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.usage).toBeDefined();
      expect(call.cost).toBeCloseTo(
        costOf(call.usage ?? { inputTokens: 0, outputTokens: 0 }, price),
        15,
      );
      expect(call.cost).toBeGreaterThan(0);
    }
    expect(result.cost).toBeCloseTo((calls[0]?.cost ?? 0) + (calls[1]?.cost ?? 0), 15);
    expect(summariseRun(events).cost).toBeCloseTo(result.cost ?? -1, 15);
  });

  it("adds up the function-calling agent's calls the same way", async () => {
    const llm = new ScriptedLlm(
      [{ toolCalls: [{ name: "echo", arguments: { input: "hi" } }] }, { text: "hi" }],
      { price },
    );
    const run = new ToolCallingAgent({ llm, tools: [echo] }).run("q");
    const events = await eventsOf(run);
    const result = await run.result;
    expect(result.status).toBe("answered");
    expect(ends(events).every((call) => (call.cost ?? 0) > 0)).toBe(true);
    expect(result.cost).toBeCloseTo(summariseRun(events).cost ?? -1, 15);
  });

  it("shows tokens only for a model whose price is not known: no cost anywhere", async () => {
    const run = new Agent({ llm: new ScriptedLlm(replies), tools: [echo] }).run("q");
    const events = await eventsOf(run);
    const result = await run.result;
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect("cost" in result).toBe(false);
    expect(ends(events).some((call) => "cost" in call)).toBe(false);
    expect("cost" in summariseRun(events)).toBe(false);
  });

  it("keeps the cost of the calls made before a run fails", async () => {
    const llm = new ScriptedLlm([replies[0] ?? "", { error: new Error("down") }], { price });
    const result = await new Agent({ llm, tools: [echo] }).invoke("q");
    expect(result.status).toBe("failed");
    expect(result.cost).toBeGreaterThan(0);
  });

  it("knows no cost for a price that makes no number", async () => {
    const broken = { input: Number.NaN, output: 1 } as ModelPrice;
    const result = await new Agent({
      llm: new ScriptedLlm(replies, { price: broken }),
      tools: [echo],
    }).invoke("q");
    expect(result.status).toBe("answered");
    expect(result.cost).toBeUndefined();
  });
});
