import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../contracts/events.js";
import type { Tool } from "../contracts/tool.js";
import { ScriptedLlm } from "../testing/scripted-llm.js";
import { Agent, type AgentOptions } from "./react-agent.js";

const echo: Tool = { name: "echo", description: "repeats its input", execute: (input) => input };
const act = (tool: string, input: string) => ` Next\nAction: ${tool}\nAction Input: ${input}`;
const answer = (text: string) => ` I now know the final answer\nFinal Answer: ${text}`;

async function collect(options: AgentOptions, signal?: AbortSignal) {
  const run = new Agent(options).run("q", { signal });
  const events: AgentEvent[] = [];
  for await (const event of run) events.push(event);
  return { events, result: await run.result };
}

describe("step limit", () => {
  it("with earlyStopping 'force' ends with an error event and a stopped result", async () => {
    const llm = new ScriptedLlm([act("echo", "1"), act("echo", "2"), answer("too late")]);
    const { events, result } = await collect({ llm, tools: [echo], maxSteps: 2 });
    expect(llm.calls).toHaveLength(2);
    expect(result).toMatchObject({ status: "stopped", llmCalls: 2 });
    expect(result.steps.map((step) => step.input)).toEqual(["1", "2"]);
    expect(events.slice(-2)).toEqual([
      {
        type: "error",
        error: {
          code: "max_steps",
          message:
            "Agent stopped after 2 steps without a final answer: raise --max-steps or simplify the question",
        },
      },
      { type: "run-end", result },
    ]);
  });

  it("with earlyStopping 'generate' makes exactly one more call that extends the prompt", async () => {
    const llm = new ScriptedLlm([act("echo", "1"), act("echo", "2"), " It is 2.\n"]);
    const { events, result } = await collect({
      llm,
      tools: [echo],
      maxSteps: 2,
      earlyStopping: "generate",
    });
    expect(llm.calls).toHaveLength(3);
    const [, second, last] = llm.calls.map((call) => call.prompt ?? "");
    expect(last?.startsWith(`${second}${act("echo", "2")}\nObservation: 2\nThought:`)).toBe(true);
    expect(last?.endsWith("\nFinal Answer:")).toBe(true);
    expect(result).toMatchObject({ status: "answered", answer: "It is 2.", llmCalls: 3 });
    expect(events).toContainEqual({
      type: "warning",
      message:
        "Reached the limit of 2 steps; asking the model for a final answer from the steps so far",
    });
    expect(events.filter((event) => event.type === "final-answer")).toHaveLength(1);
  });

  it("with earlyStopping 'generate' still stops when the last call gives no answer", async () => {
    const llm = new ScriptedLlm([act("echo", "1"), "   "]);
    const result = await new Agent({
      llm,
      tools: [echo],
      maxSteps: 1,
      earlyStopping: "generate",
    }).invoke("q");
    expect(result.status).toBe("stopped");
    expect(result.error?.message).toContain("stopped after 1 step without a final answer");
  });
});

describe("time limit and abort", () => {
  it("aborts a running tool at the time limit", async () => {
    let toolSignal: AbortSignal | undefined;
    const slow: Tool = {
      name: "slow",
      description: "waits for its signal",
      execute: (_input, { signal }) => {
        toolSignal = signal;
        return new Promise(() => {});
      },
    };
    const llm = new ScriptedLlm([act("slow", "x"), answer("never")]);
    const { result } = await collect({ llm, tools: [slow], maxTimeMs: 30 });
    expect(result).toMatchObject({ status: "stopped", error: { code: "max_time" } });
    expect(toolSignal?.aborted).toBe(true);
    expect(llm.calls).toHaveLength(1);
  });

  it("does not start when the signal is already aborted", async () => {
    const llm = new ScriptedLlm([answer("never")]);
    const { events, result } = await collect({ llm }, AbortSignal.abort());
    expect(llm.calls).toHaveLength(0);
    expect(result.status).toBe("aborted");
    expect(events.map((event) => event.type)).toEqual(["run-start", "error", "run-end"]);
  });

  it("stops a streaming LLM call mid-reply", async () => {
    const controller = new AbortController();
    const llm = new ScriptedLlm([answer("a long answer that streams slowly")], {
      chunkSize: 2,
      chunkDelayMs: 5,
    });
    const run = new Agent({ llm }).run("q", { signal: controller.signal });
    let deltas = 0;
    for await (const event of run) {
      if (event.type === "llm-delta" && ++deltas === 3) controller.abort();
    }
    const result = await run.result;
    expect(result.status).toBe("aborted");
    expect(deltas).toBe(3);
  });
});

describe("format errors", () => {
  it("uses a custom handler's text as the observation", async () => {
    const llm = new ScriptedLlm(["rambling", answer("4")]);
    await new Agent({
      llm,
      handleParseErrors: (message) => `Format please (${message})`,
    }).invoke("q");
    expect(llm.calls[1]?.prompt).toContain(
      "rambling\nObservation: Format please (Invalid format: missing 'Action:' after 'Thought:')\nThought:",
    );
  });

  it("with handleParseErrors false fails with the parser's message", async () => {
    const llm = new ScriptedLlm([" Action: echo"]);
    const { events, result } = await collect({ llm, tools: [echo], handleParseErrors: false });
    expect(result.error).toEqual({
      code: "llm_bad_response",
      message:
        "The model's reply did not follow the ReAct format (Invalid format: missing 'Action Input:' after 'Action:')",
    });
    expect(events.map((event) => event.type)).toContain("parse-error");
    expect(llm.calls).toHaveLength(1);
  });
});

describe("tools", () => {
  it("lets a tool's own timeout override the executor's", async () => {
    let toolSignal: AbortSignal | undefined;
    const slow: Tool = {
      name: "slow",
      description: "hangs",
      timeoutMs: 20,
      execute: (_input, { signal }) => {
        toolSignal = signal;
        return new Promise(() => {});
      },
    };
    const llm = new ScriptedLlm([act("slow", "x"), answer("ok")]);
    const { events, result } = await collect({ llm, tools: [slow], toolTimeoutMs: 60_000 });
    expect(result.status).toBe("answered");
    expect(result.steps[0]?.observation).toBe(
      "Tool slow timed out after 20 ms. Try a simpler input or another tool.",
    );
    expect(events.find((event) => event.type === "tool-end")).toMatchObject({
      error: { code: "tool_timeout" },
    });
    expect(toolSignal?.aborted).toBe(true);
  });

  it("turns a rejected promise or a thrown string into an observation", async () => {
    const rejects: Tool = {
      name: "rejects",
      description: "",
      execute: async () => Promise.reject(new Error("quota exceeded")),
    };
    const throwsString: Tool = {
      name: "strings",
      description: "",
      execute: () => {
        throw "plain text";
      },
    };
    const llm = new ScriptedLlm([act("rejects", "a"), act("strings", "b"), answer("ok")]);
    const result = await new Agent({ llm, tools: [rejects, throwsString] }).invoke("q");
    expect(result.steps.map((step) => step.observation)).toEqual([
      "Tool rejects failed: quota exceeded",
      "Tool strings failed: plain text",
    ]);
  });

  it("does not return a failed returnDirect tool's error as the answer", async () => {
    const direct: Tool = {
      name: "direct",
      description: "",
      returnDirect: true,
      execute: () => {
        throw new Error("offline");
      },
    };
    const llm = new ScriptedLlm([act("direct", "x"), answer("fallback")]);
    const result = await new Agent({ llm, tools: [direct] }).invoke("q");
    expect(result).toMatchObject({ status: "answered", answer: "fallback", llmCalls: 2 });
  });
});

describe("loop detection", () => {
  it("tells the model on the third repeat and lets it recover", async () => {
    let runs = 0;
    const counter: Tool = { name: "count", description: "", execute: () => String(++runs) };
    const llm = new ScriptedLlm([
      act("count", "same"),
      act("count", "same"),
      act("Count", " same "),
      act("count", "other"),
      answer("done"),
    ]);
    const result = await new Agent({ llm, tools: [counter] }).invoke("q");
    expect(result).toMatchObject({ status: "answered", answer: "done" });
    expect(runs).toBe(3);
    expect(result.steps[2]?.observation).toBe(
      'You have already run Count with the input "same" twice in a row and got the observation above. Do not repeat it: use what you observed, try a different input or tool, or give the Final Answer.',
    );
  });

  it("stops the fourth time with status stopped and code loop_detected", async () => {
    const llm = new ScriptedLlm(Array.from({ length: 5 }, () => act("echo", "same")));
    const { events, result } = await collect({ llm, tools: [echo] });
    expect(llm.calls).toHaveLength(4);
    expect(result.status).toBe("stopped");
    expect(result.error).toEqual({
      code: "loop_detected",
      message:
        "Agent stopped: it ran echo with the same input four times in a row. Rephrase the question or try another model",
    });
    expect(events.filter((event) => event.type === "tool-start")).toHaveLength(2);
  });
});

describe("configuration", () => {
  it("fails the run with config_invalid when a custom template needs a variable it lacks", async () => {
    const llm = new ScriptedLlm([answer("never")]);
    const { events, result } = await collect({ llm, template: "{persona}\n{question}" });
    expect(result).toMatchObject({
      status: "failed",
      error: {
        code: "config_invalid",
        message:
          "The agent's template uses {persona}, which the agent does not fill: use only {tools}, {tool_names}, {question} and {today}",
      },
    });
    expect(events.map((event) => event.type)).toEqual(["run-start", "error", "run-end"]);
    expect(llm.calls).toHaveLength(0);
  });

  it("renders a custom template with every variable", async () => {
    const llm = new ScriptedLlm([answer("ok")]);
    await new Agent({
      llm,
      tools: [echo],
      today: "2026-01-01",
      template: "{today}|{tools}|{tool_names}|{question}|{{literal}}",
    }).invoke("q?");
    expect(llm.calls[0]?.prompt).toBe("2026-01-01|echo: repeats its input|echo|q?|{literal}");
  });
});
