import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../contracts/events.js";
import type { Tool } from "../contracts/tool.js";
import { ScriptedLlm } from "../testing/scripted-llm.js";
import { Agent } from "./react-agent.js";

const echo: Tool = { name: "echo", description: "repeats its input", execute: (input) => input };
const broken: Tool = {
  name: "broken",
  description: "always fails",
  execute: () => {
    throw new Error("disk on fire");
  },
};

// One run that meets every kind of step: a format error, an unknown tool, a tool that
// throws, a tool that works, then the answer.
const script = [
  " I think the answer is 4",
  " Let me look\nAction: wikipedia\nAction Input: four",
  " Try the broken one\nAction: broken\nAction Input: x",
  " Echo it\nAction: echo\nAction Input: 4",
  " I now know the final answer\nFinal Answer: 4",
];

async function run(llm: ScriptedLlm, tools: readonly Tool[] = [echo, broken]) {
  const agentRun = new Agent({ llm, tools, today: "2026-01-01" }).run("What is 2+2?");
  const events: AgentEvent[] = [];
  for await (const event of agentRun) events.push(event);
  return { events, result: await agentRun.result };
}

/** What a consumer writes: a switch the compiler proves exhaustive. */
function describeEvent(event: AgentEvent): string {
  switch (event.type) {
    case "run-start":
    case "run-end":
    case "standalone-question":
    case "warning":
    case "log":
    case "resumed":
    case "error":
      return event.type;
    case "llm-start":
    case "llm-delta":
    case "llm-end":
    case "parse-error":
    case "action":
    case "approval":
    case "tool-start":
    case "tool-end":
    case "observation":
    case "compaction":
    case "final-answer":
      return `${event.type}@${event.step}`;
    default:
      return event satisfies never;
  }
}

describe("Agent events", () => {
  it("emits every event of a run, in order, each with its step", async () => {
    const llm = new ScriptedLlm(script, { chunkSize: 1_000 });
    const { events, result } = await run(llm);
    const call = (step: number) => [`llm-start@${step}`, `llm-delta@${step}`, `llm-end@${step}`];
    expect(events.map(describeEvent)).toEqual([
      "run-start",
      ...call(1),
      "parse-error@1",
      "observation@1",
      ...call(2),
      "action@2",
      "observation@2",
      ...call(3),
      "action@3",
      "tool-start@3",
      "tool-end@3",
      "observation@3",
      ...call(4),
      "action@4",
      "tool-start@4",
      "tool-end@4",
      "observation@4",
      ...call(5),
      "final-answer@5",
      "run-end",
    ]);
    expect(events[0]).toMatchObject({
      type: "run-start",
      question: "What is 2+2?",
      tools: ["echo", "broken"],
      maxSteps: 15,
      provider: "script",
      model: "scripted",
    });
    expect(events.at(-1)).toEqual({ type: "run-end", result });
  });

  it("carries the details a trace needs", async () => {
    const { events } = await run(new ScriptedLlm(script));
    const find = <Type extends AgentEvent["type"]>(type: Type, step: number) =>
      events.find(
        (event) => event.type === type && "step" in event && event.step === step,
      ) as Extract<AgentEvent, { type: Type }>;
    expect(find("parse-error", 1)).toEqual({
      type: "parse-error",
      step: 1,
      message: "Invalid format: missing 'Action:' after 'Thought:'",
      completion: " I think the answer is 4",
    });
    expect(find("action", 2)).toEqual({
      type: "action",
      step: 2,
      tool: "wikipedia",
      input: "four",
      thought: "Let me look",
    });
    expect(find("tool-end", 3)).toMatchObject({
      tool: "broken",
      output: "Tool broken failed: disk on fire",
      error: { code: "tool_failed", message: "Tool broken failed: disk on fire" },
    });
    expect(find("tool-end", 4)).toMatchObject({ tool: "echo", output: "4" });
    expect(find("tool-end", 4).error).toBeUndefined();
    expect(find("final-answer", 5)).toEqual({
      type: "final-answer",
      step: 5,
      answer: "4",
      thought: "I now know the final answer",
    });
    expect(find("llm-end", 5)).toMatchObject({
      completion: " I now know the final answer\nFinal Answer: 4",
      reason: "stop",
      usage: { inputTokens: expect.any(Number), outputTokens: 11 },
    });
  });

  it("streams each completion as deltas that add up to the llm-end completion", async () => {
    const { events } = await run(new ScriptedLlm(script, { chunkSize: 4 }));
    for (let step = 1; step <= script.length; step++) {
      const deltas = events.flatMap((event) =>
        event.type === "llm-delta" && event.step === step ? [event.text] : [],
      );
      const end = events.find((event) => event.type === "llm-end" && event.step === step);
      expect(deltas.length).toBeGreaterThan(1);
      expect(end).toMatchObject({ completion: deltas.join("") });
    }
  });

  it("adds up token usage over every call", async () => {
    const { events, result } = await run(new ScriptedLlm(script));
    const ends = events.filter((event) => event.type === "llm-end");
    const sum = (key: "inputTokens" | "outputTokens") =>
      ends.reduce((total, event) => total + (event.usage?.[key] ?? 0), 0);
    expect(result.usage).toEqual({
      inputTokens: sum("inputTokens"),
      outputTokens: sum("outputTokens"),
    });
    expect(result.llmCalls).toBe(5);
  });
});

describe("Agent prompts", () => {
  it("starts the prompt of step k+1 with the prompt of step k, byte for byte", async () => {
    const llm = new ScriptedLlm(script);
    await run(llm);
    const prompts = llm.calls.map((call) => call.prompt ?? "");
    expect(prompts).toHaveLength(5);
    const appended = prompts.slice(1).map((prompt, index) => {
      const previous = prompts[index] ?? "";
      expect(prompt.startsWith(previous)).toBe(true);
      return prompt.slice(previous.length);
    });
    expect(appended).toEqual([
      " I think the answer is 4\nObservation: Invalid format: missing 'Action:' after 'Thought:'. Reply with 'Action:' naming one of [echo, broken] and 'Action Input:' on the next line, or with 'Final Answer:'.\nThought:",
      " Let me look\nAction: wikipedia\nAction Input: four\nObservation: wikipedia is not a valid tool, try one of [echo, broken].\nThought:",
      " Try the broken one\nAction: broken\nAction Input: x\nObservation: Tool broken failed: disk on fire\nThought:",
      " Echo it\nAction: echo\nAction Input: 4\nObservation: 4\nThought:",
    ]);
    expect(prompts[0]?.endsWith("Question: What is 2+2?\nThought:")).toBe(true);
    expect(prompts[0]).toContain("Today is 2026-01-01.");
  });

  it("sends the stop sequence \\nObservation: on every call", async () => {
    const llm = new ScriptedLlm(script);
    await run(llm);
    expect(llm.calls.map((call) => call.stop)).toEqual(script.map(() => ["\nObservation:"]));
  });

  it("cuts client-side a model that ignores stop, and emits nothing past the cut", async () => {
    const invented =
      " Echo it\nAction: echo\nAction Input: 4\nObservation: 5\nThought: done\nFinal Answer: 5";
    for (const chunkSize of [1, 3, 7, 1_000]) {
      const llm = new ScriptedLlm([invented, " Done\nFinal Answer: 4"], {
        honourStop: false,
        chunkSize,
      });
      const { events, result } = await run(llm);
      expect(result.answer).toBe("4");
      const streamed = events
        .flatMap((event) => (event.type === "llm-delta" && event.step === 1 ? [event.text] : []))
        .join("");
      expect(streamed).toBe(" Echo it\nAction: echo\nAction Input: 4");
      expect(events.find((event) => event.type === "llm-end")).toMatchObject({
        completion: streamed,
        reason: "stop",
      });
      expect(llm.calls[1]?.prompt).not.toContain("Observation: 5");
    }
  });

  it("keeps an invented observation the stop sequence missed out of the prompt", async () => {
    const llm = new ScriptedLlm([
      " Echo it\nAction: echo\nAction Input: 4\n  **Observation:** 5",
      " Done\nFinal Answer: 4",
    ]);
    await run(llm);
    const second = llm.calls[1]?.prompt ?? "";
    expect(
      second.endsWith(" Echo it\nAction: echo\nAction Input: 4\nObservation: 4\nThought:"),
    ).toBe(true);
    expect(second).not.toContain("**Observation:** 5");
  });
});
