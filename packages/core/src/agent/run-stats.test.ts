import { describe, expect, it } from "vitest";
import { LangchainMiniError } from "../contracts/errors.js";
import type { AgentEvent } from "../contracts/events.js";
import type { Llm } from "../contracts/llm.js";
import type { Tool } from "../contracts/tool.js";
import { ScriptedLlm } from "../testing/scripted-llm.js";
import { callLlm } from "./call-llm.js";
import { Agent } from "./react-agent.js";
import { summariseRun } from "./run-stats.js";

const echo: Tool = { name: "echo", description: "repeats", execute: (input) => input };

async function eventsOf(agent: Agent, question: string) {
  const events: AgentEvent[] = [];
  for await (const event of agent.run(question)) events.push(event);
  return events;
}

describe("summariseRun", () => {
  it("counts a step per agent LLM call, as the trace numbers them: the answering call too", async () => {
    const llm = new ScriptedLlm([
      " act\nAction: echo\nAction Input: hi",
      " oops, no format",
      " done\nFinal Answer: hi",
    ]);
    const events = await eventsOf(new Agent({ llm, tools: [echo] }), "q");
    const summary = summariseRun(events);
    const numbered = new Set(
      events.flatMap((event) => (event.type === "llm-start" ? [event.step] : [])),
    );
    expect(summary.steps).toBe(3);
    expect(summary.steps).toBe(numbered.size);
    expect(summary.llmCalls).toBe(3);
    expect(summary.toolCalls).toBe(1);
  });

  it("counts memory's calls as LLM calls but not as steps", () => {
    const summary = summariseRun([
      { type: "llm-start", step: 0, purpose: "rewrite", prompt: "p" },
      {
        type: "llm-end",
        step: 0,
        purpose: "rewrite",
        completion: "",
        reason: "stop",
        durationMs: 5,
      },
      { type: "llm-start", step: 1, prompt: "p" },
      { type: "llm-end", step: 1, completion: "", reason: "stop", durationMs: 7 },
    ]);
    expect(summary).toMatchObject({ steps: 1, llmCalls: 2, llmMs: 12 });
  });

  it("charges a broken stream's time to the LLM, not to the framework", async () => {
    const broken: Llm = {
      provider: "broken",
      model: "m",
      async *stream() {
        yield { type: "text", text: "partial" };
        // The stream hangs a while before it breaks: that time is the LLM's.
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new LangchainMiniError("llm_stream_broken", "The stream broke: try again");
      },
    };
    const events = await eventsOf(new Agent({ llm: broken }), "q");
    const end = events.find((event) => event.type === "llm-end");
    expect(end).toMatchObject({
      step: 1,
      completion: "partial",
      reason: "other",
      error: { code: "llm_stream_broken" },
    });
    const summary = summariseRun(events);
    expect(summary.llmMs).toBeGreaterThanOrEqual(45);
    expect(summary.llmMs).toBe(end?.type === "llm-end" ? end.durationMs : -1);
  });

  it("ends a cancelled call with llm-end, reason aborted", async () => {
    const controller = new AbortController();
    const llm = new ScriptedLlm([{ text: "slow", delayMs: 60_000 }]);
    const events: AgentEvent[] = [];
    const call = callLlm(llm, { prompt: "p", signal: controller.signal }, { step: 2 }, (event) =>
      events.push(event),
    );
    controller.abort();
    await expect(call).rejects.toThrow();
    expect(events.at(-1)).toMatchObject({ type: "llm-end", step: 2, reason: "aborted" });
  });
});
