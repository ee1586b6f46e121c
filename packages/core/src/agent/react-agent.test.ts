import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../contracts/events.js";
import type { Tool } from "../contracts/tool.js";
import { ScriptedLlm } from "../testing/scripted-llm.js";
import { Agent } from "./react-agent.js";

const echo: Tool = {
  name: "echo",
  description: "repeats its input",
  execute: (input) => `echo: ${input}`,
};
const act = (tool: string, input: string, thought = "I should act") =>
  ` ${thought}\nAction: ${tool}\nAction Input: ${input}`;
const answer = (text: string) => ` I now know the final answer\nFinal Answer: ${text}`;

async function collect(agent: Agent, question: string, signal?: AbortSignal) {
  const run = agent.run(question, { signal });
  const events: AgentEvent[] = [];
  for await (const event of run) events.push(event);
  return { events, result: await run.result };
}

describe("Agent (ReAct executor)", () => {
  it("runs Thought, Action, Observation, Final Answer and reports steps and usage", async () => {
    const llm = new ScriptedLlm([act("echo", "hi"), answer("done")]);
    const { events, result } = await collect(new Agent({ llm, tools: [echo] }), "q");
    expect(result).toMatchObject({
      status: "answered",
      answer: "done",
      question: "q",
      llmCalls: 2,
    });
    expect(result.steps).toEqual([
      { tool: "echo", input: "hi", thought: "I should act", observation: "echo: hi" },
    ]);
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    const types = events.map((event) => event.type).filter((type) => type !== "llm-delta");
    expect(types).toEqual([
      "run-start",
      "llm-start",
      "llm-end",
      "action",
      "tool-start",
      "tool-end",
      "observation",
      "llm-start",
      "llm-end",
      "final-answer",
      "run-end",
    ]);
    expect(events.filter((event) => event.type === "llm-delta").length).toBeGreaterThan(1);
  });

  it("sends the stop sequence and grows the prompt byte for byte", async () => {
    const llm = new ScriptedLlm([act("echo", "a"), act("echo", "b"), answer("ok")]);
    await new Agent({ llm, tools: [echo] }).invoke("q");
    const prompts = llm.calls.map((call) => call.prompt ?? "");
    expect(llm.calls.every((call) => call.stop?.includes("\nObservation:"))).toBe(true);
    expect(prompts[1]?.startsWith(prompts[0] ?? "x")).toBe(true);
    expect(prompts[2]?.startsWith(prompts[1] ?? "x")).toBe(true);
    expect(prompts[1]?.slice(prompts[0]?.length)).toBe(
      `${act("echo", "a")}\nObservation: echo: a\nThought:`,
    );
  });

  it("cuts a completion client-side when the model ignores stop, and streams nothing past it", async () => {
    const llm = new ScriptedLlm(
      [`${act("echo", "x")}\nObservation: invented\nFinal Answer: wrong`, answer("right")],
      {
        honourStop: false,
        chunkSize: 3,
      },
    );
    const { events, result } = await collect(new Agent({ llm, tools: [echo] }), "q");
    expect(result.answer).toBe("right");
    const firstCall = events.filter((event) => event.type === "llm-delta" && event.step === 1);
    const streamed = firstCall
      .map((event) => (event.type === "llm-delta" ? event.text : ""))
      .join("");
    expect(streamed).toBe(act("echo", "x"));
    expect(streamed).not.toContain("invented");
  });

  it("stops after 15 steps by default with a clear result", async () => {
    const llm = new ScriptedLlm(
      Array.from({ length: 20 }, (_, index) => act("echo", String(index))),
    );
    const { result } = await collect(new Agent({ llm, tools: [echo] }), "q");
    expect(llm.calls).toHaveLength(15);
    expect(result.status).toBe("stopped");
    expect(result.error).toEqual({
      code: "max_steps",
      message:
        "Agent stopped after 15 steps without a final answer: raise --max-steps or simplify the question",
    });
  });

  it("honours a custom step limit", async () => {
    const llm = new ScriptedLlm([act("echo", "1"), act("echo", "2"), act("echo", "3")]);
    const result = await new Agent({ llm, tools: [echo], maxSteps: 2 }).invoke("q");
    expect(llm.calls).toHaveLength(2);
    expect(result.error?.message).toContain("stopped after 2 steps");
  });

  it("with earlyStopping 'generate' asks once more for a final answer", async () => {
    const llm = new ScriptedLlm([act("echo", "1"), " It is 1."]);
    const { events, result } = await collect(
      new Agent({ llm, tools: [echo], maxSteps: 1, earlyStopping: "generate" }),
      "q",
    );
    expect(result).toMatchObject({ status: "answered", answer: "It is 1." });
    expect(
      llm.calls[1]?.prompt?.endsWith(
        "I now need to return a final answer based on the previous steps:\nFinal Answer:",
      ),
    ).toBe(true);
    expect(events.some((event) => event.type === "warning")).toBe(true);
  });

  it("stops at the time limit, even in the middle of a slow call", async () => {
    const llm = new ScriptedLlm([{ text: answer("late"), delayMs: 5_000 }]);
    const result = await new Agent({ llm, maxTimeMs: 50 }).invoke("q");
    expect(result.status).toBe("stopped");
    expect(result.error?.code).toBe("max_time");
    expect(result.error?.message).toContain("time limit of 50 ms");
  });

  it("feeds a format error back to the model as the observation", async () => {
    const llm = new ScriptedLlm([" I think the answer is 4", answer("4")]);
    const { events, result } = await collect(new Agent({ llm, tools: [echo] }), "q");
    expect(result.answer).toBe("4");
    expect(events.find((event) => event.type === "parse-error")).toMatchObject({
      message: "Invalid format: missing 'Action:' after 'Thought:'",
    });
    expect(llm.calls[1]?.prompt).toContain(
      " I think the answer is 4\nObservation: Invalid format: missing 'Action:' after 'Thought:'. Reply with 'Action:' naming one of [echo] and 'Action Input:' on the next line, or with 'Final Answer:'.\nThought:",
    );
  });

  it("fails the run on a format error when handleParseErrors is false", async () => {
    const llm = new ScriptedLlm(["rambling"]);
    const result = await new Agent({ llm, handleParseErrors: false }).invoke("q");
    expect(result.status).toBe("failed");
    expect(result.error?.code).toBe("llm_bad_response");
  });

  it("tells the model which tools exist when it names an unknown one", async () => {
    const llm = new ScriptedLlm([act("wikipedia", "x"), answer("ok")]);
    await new Agent({ llm, tools: [echo, { ...echo, name: "calculator" }] }).invoke("q");
    expect(llm.calls[1]?.prompt).toContain(
      "Observation: wikipedia is not a valid tool, try one of [echo, calculator].",
    );
  });

  it("matches tool names case-insensitively and without brackets", async () => {
    const llm = new ScriptedLlm([act("[Echo]", "x"), answer("ok")]);
    const result = await new Agent({ llm, tools: [echo] }).invoke("q");
    expect(result.steps[0]?.observation).toBe("echo: x");
  });

  it("turns a tool that throws into an observation", async () => {
    const broken: Tool = {
      name: "broken",
      description: "fails",
      execute: () => {
        throw new Error("disk on fire");
      },
    };
    const llm = new ScriptedLlm([act("broken", "x"), answer("ok")]);
    const { events, result } = await collect(new Agent({ llm, tools: [broken] }), "q");
    expect(result.status).toBe("answered");
    expect(result.steps[0]?.observation).toBe("Tool broken failed: disk on fire");
    expect(events.find((event) => event.type === "tool-end")).toMatchObject({
      error: { code: "tool_failed" },
    });
  });

  it("gives up on a tool after its timeout and says so to the model", async () => {
    const slow: Tool = { name: "slow", description: "hangs", execute: () => new Promise(() => {}) };
    const llm = new ScriptedLlm([act("slow", "x"), answer("ok")]);
    const result = await new Agent({ llm, tools: [slow], toolTimeoutMs: 30 }).invoke("q");
    expect(result.steps[0]?.observation).toBe(
      "Tool slow timed out after 30 ms. Try a simpler input or another tool.",
    );
  });

  it("returns a returnDirect tool's output as the answer without another LLM call", async () => {
    const direct: Tool = { ...echo, name: "direct", returnDirect: true };
    const llm = new ScriptedLlm([act("direct", "hello")]);
    const result = await new Agent({ llm, tools: [direct] }).invoke("q");
    expect(result).toMatchObject({ status: "answered", answer: "echo: hello", llmCalls: 1 });
  });

  it("stops the LLM call and the running tool with one abort signal", async () => {
    const controller = new AbortController();
    let toolSignal: AbortSignal | undefined;
    const waiting: Tool = {
      name: "wait",
      description: "waits",
      execute: (_input, { signal }) => {
        toolSignal = signal;
        setTimeout(() => controller.abort(), 10);
        return new Promise(() => {});
      },
    };
    const llm = new ScriptedLlm([act("wait", "x"), answer("never")]);
    const result = await new Agent({ llm, tools: [waiting] }).invoke("q", {
      signal: controller.signal,
    });
    expect(result.status).toBe("aborted");
    expect(result.error).toEqual({ code: "aborted", message: "The run was cancelled" });
    expect(toolSignal?.aborted).toBe(true);
    expect(llm.calls).toHaveLength(1);

    const second = new AbortController();
    const slowLlm = new ScriptedLlm([{ text: answer("late"), delayMs: 5_000 }]);
    setTimeout(() => second.abort(), 10);
    const aborted = await new Agent({ llm: slowLlm }).invoke("q", { signal: second.signal });
    expect(aborted.status).toBe("aborted");
    expect(slowLlm.calls[0]?.signal?.aborted).toBe(true);
  });

  it("warns a model that repeats itself, then stops the loop", async () => {
    let runs = 0;
    const counter: Tool = { name: "count", description: "counts", execute: () => String(++runs) };
    const llm = new ScriptedLlm(Array.from({ length: 6 }, () => act("count", "same")));
    const result = await new Agent({ llm, tools: [counter] }).invoke("q");
    expect(runs).toBe(2);
    expect(llm.calls[3]?.prompt).toContain(
      'Observation: You have already run count with the input "same" twice in a row',
    );
    expect(result.status).toBe("stopped");
    expect(result.error?.code).toBe("loop_detected");
    expect(llm.calls).toHaveLength(4);
  });

  it("reports an LLM failure as a failed run with the error's code", async () => {
    const { LangchainMiniError } = await import("../contracts/errors.js");
    const llm = new ScriptedLlm([
      { error: new LangchainMiniError("llm_auth", "bad key: check OPENAI_API_KEY") },
    ]);
    const { events, result } = await collect(new Agent({ llm }), "q");
    expect(result.status).toBe("failed");
    expect(events.at(-2)).toEqual({
      type: "error",
      error: { code: "llm_auth", message: "bad key: check OPENAI_API_KEY" },
    });
  });

  it("says so when a script runs out of replies", async () => {
    const result = await new Agent({
      llm: new ScriptedLlm([act("echo", "x")]),
      tools: [echo],
    }).invoke("q");
    expect(result.error?.code).toBe("script_exhausted");
  });
});
