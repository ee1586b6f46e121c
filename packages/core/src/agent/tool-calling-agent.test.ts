import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../contracts/events.js";
import type { Llm, LlmChunk, LlmRequest } from "../contracts/llm.js";
import type { Tool } from "../contracts/tool.js";
import { ToolCallingAgent } from "./tool-calling-agent.js";

/** A function-calling model that follows a script of tool calls and texts. */
function scriptedToolModel(turns: Array<{ text?: string; calls?: Array<[string, string]> }>) {
  const requests: LlmRequest[] = [];
  const llm: Llm = {
    provider: "test",
    model: "tools",
    async *stream(request): AsyncGenerator<LlmChunk> {
      const turn = turns[requests.length] ?? { text: "" };
      requests.push(request);
      if (turn.text) yield { type: "text", text: turn.text };
      for (const [index, [name, args]] of (turn.calls ?? []).entries()) {
        yield {
          type: "tool-call",
          call: { id: `call_${requests.length}_${index}`, name, arguments: args },
        };
      }
      yield {
        type: "finish",
        reason: turn.calls ? "tool-calls" : "stop",
        usage: { inputTokens: 10, outputTokens: 2 },
      };
    },
  };
  return { llm, requests };
}

const calculator: Tool = {
  name: "calculator",
  description: "maths",
  execute: (input) => (input === "2+2" ? "4" : `? ${input}`),
};

describe("ToolCallingAgent", () => {
  it("calls tools natively and emits the same events as the ReAct agent", async () => {
    const { llm, requests } = scriptedToolModel([
      { text: "Let me compute.", calls: [["calculator", '{"input":"2+2"}']] },
      { text: "It is 4." },
    ]);
    const run = new ToolCallingAgent({ llm, tools: [calculator] }).run("What is 2+2?");
    const events: AgentEvent[] = [];
    for await (const event of run) events.push(event);
    const result = await run.result;
    expect(result).toMatchObject({
      status: "answered",
      answer: "It is 4.",
      usage: { inputTokens: 20, outputTokens: 4 },
    });
    expect(result.steps).toEqual([
      { tool: "calculator", input: "2+2", thought: "Let me compute.", observation: "4" },
    ]);
    expect(events.map((event) => event.type).filter((type) => type !== "llm-delta")).toEqual([
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
    expect(requests[0]?.tools?.[0]).toEqual({
      name: "calculator",
      description: "maths",
      parameters: {
        type: "object",
        properties: { input: { type: "string", description: "the input to the tool" } },
        required: ["input"],
      },
    });
    expect(requests[1]?.messages?.slice(2)).toEqual([
      {
        role: "assistant",
        content: "Let me compute.",
        toolCalls: [{ id: "call_1_0", name: "calculator", arguments: '{"input":"2+2"}' }],
      },
      { role: "tool", content: "4", toolCallId: "call_1_0" },
    ]);
  });

  it("passes a tool with a JSON Schema the parsed arguments, and offers the schema", async () => {
    let received: unknown;
    const parameters = { type: "object", properties: { city: { type: "string" } } };
    const weather: Tool<{ city: string }> = {
      name: "weather",
      description: "weather",
      inputSchema: parameters,
      execute: (input) => {
        received = input;
        return "sunny";
      },
    };
    const { llm, requests } = scriptedToolModel([
      { calls: [["weather", '{"city":"Oslo"}']] },
      { text: "Sunny." },
    ]);
    await new ToolCallingAgent({ llm, tools: [weather] }).invoke("weather?");
    expect(received).toEqual({ city: "Oslo" });
    expect(requests[0]?.tools).toEqual([{ name: "weather", description: "weather", parameters }]);
  });

  it("names the valid tools when the model calls an unknown one, and stops at the step limit", async () => {
    const { llm, requests } = scriptedToolModel([
      { calls: [["wiki", '{"input":"x"}']] },
      { calls: [["wiki", '{"input":"y"}']] },
    ]);
    const result = await new ToolCallingAgent({ llm, tools: [calculator], maxSteps: 2 }).invoke(
      "q",
    );
    expect(requests[1]?.messages?.at(-1)).toMatchObject({
      role: "tool",
      content: "wiki is not a valid tool, try one of [calculator].",
    });
    expect(result.status).toBe("stopped");
    expect(result.error?.code).toBe("max_steps");
  });

  it("offers tools under valid function names and maps the calls back", async () => {
    const spaced: Tool = {
      name: "Hacker News Search",
      description: "hn",
      execute: (input) => `hn: ${input}`,
    };
    const { llm, requests } = scriptedToolModel([
      { calls: [["Hacker_News_Search", '{"input":"bun"}']] },
      { text: "Done." },
    ]);
    const result = await new ToolCallingAgent({ llm, tools: [spaced] }).invoke("q");
    expect(requests[0]?.tools?.[0]?.name).toBe("Hacker_News_Search");
    expect(result.steps[0]).toMatchObject({ tool: "Hacker News Search", observation: "hn: bun" });
  });

  it("sends a provider's data on a tool call back to it, and leaves it out of events", async () => {
    const requests: LlmRequest[] = [];
    const signed = { google: { thoughtSignature: "c2lnbmVk" } };
    const llm: Llm = {
      provider: "test",
      model: "signing",
      async *stream(request): AsyncGenerator<LlmChunk> {
        requests.push(request);
        if (requests.length === 1) {
          const call = { id: "c1", name: "calculator", arguments: '{"input":"2+2"}' };
          yield { type: "tool-call", call: { ...call, providerData: signed } };
          yield { type: "finish", reason: "tool-calls" };
        } else {
          yield { type: "text", text: "4." };
          yield { type: "finish", reason: "stop" };
        }
      },
    };
    const run = new ToolCallingAgent({ llm, tools: [calculator] }).run("2+2?");
    const events: AgentEvent[] = [];
    for await (const event of run) events.push(event);
    expect((await run.result).answer).toBe("4.");
    const sentBack = requests[1]?.messages?.[2];
    expect(sentBack?.role === "assistant" && sentBack.toolCalls?.[0]?.providerData).toEqual(signed);
    const starts = events.filter((event) => event.type === "llm-start");
    expect(starts[1]?.messages?.[2]).toEqual({
      role: "assistant",
      content: "",
      toolCalls: [{ id: "c1", name: "calculator", arguments: '{"input":"2+2"}' }],
    });
    expect(JSON.stringify(events)).not.toContain("thoughtSignature");
  });
});
