import { collect, ToolCallingAgent } from "@langchain-mini/core";
import { afterEach, describe, expect, it } from "vitest";
import { createLlm } from "./index.js";
import { type FakeOllama, type FakeOllamaReply, startFakeOllama } from "./testing/index.js";

let ollama: FakeOllama | undefined;
afterEach(() => ollama?.close());

async function llmWith(replies: readonly FakeOllamaReply[]) {
  ollama = await startFakeOllama(replies);
  const llm = createLlm({ model: "qwen3", env: { OLLAMA_HOST: ollama.host } });
  return { llm, requests: ollama.requests };
}

const clock = {
  name: "clock",
  description: "Tells the time in a time zone.",
  execute: (zone: string) => (zone === "Asia/Tokyo" ? "21:00" : `no zone ${zone}`),
};

describe("chat messages and tools, through /api/chat", () => {
  it("streams text and tool calls, sending messages and tools in Ollama's shape", async () => {
    const { llm, requests } = await llmWith([
      { text: "Let me look.", toolCalls: [{ name: "clock", arguments: { input: "Asia/Tokyo" } }] },
    ]);
    const tools = [
      { name: "clock", description: "Tells the time.", parameters: { type: "object" } },
    ];
    const messages = [{ role: "user" as const, content: "Time in Tokyo?" }];
    const response = await collect(llm.stream({ messages, tools, maxTokens: 99 }));
    expect(response).toMatchObject({ text: "Let me look.", reason: "tool-calls" });
    expect(response.toolCalls).toEqual([
      { id: "call_10", name: "clock", arguments: '{"input":"Asia/Tokyo"}' },
    ]);
    expect(response.usage).toEqual({ inputTokens: 12, outputTokens: 3 });
    expect(requests[0]).toEqual({
      path: "/api/chat",
      body: {
        model: "qwen3",
        messages,
        tools: [{ type: "function", function: tools[0] }],
        stream: true,
        options: { num_predict: 99 },
      },
    });
  });

  it("runs core's function-calling agent: tool results go back as tool messages", async () => {
    const { llm, requests } = await llmWith([
      { toolCalls: [{ name: "clock", arguments: { input: "Asia/Tokyo" } }] },
      "It is 21:00 in Tokyo.",
    ]);
    const agent = new ToolCallingAgent({ llm, tools: [clock], today: "Monday" });
    const result = await agent.invoke("What time is it in Tokyo?");
    expect(result).toMatchObject({ status: "answered", answer: "It is 21:00 in Tokyo." });
    expect(result.steps.map((step) => [step.tool, step.input, step.observation])).toEqual([
      ["clock", "Asia/Tokyo", "21:00"],
    ]);
    // The second call carries the first's tool call with object arguments, and its result
    // as a tool message naming the call and the tool.
    const second = requests[1]?.body.messages as unknown[] | undefined;
    expect(second?.slice(-2)).toEqual([
      {
        role: "assistant",
        content: "",
        tool_calls: [
          { id: "call_10", function: { name: "clock", arguments: { input: "Asia/Tokyo" } } },
        ],
      },
      { role: "tool", content: "21:00", tool_call_id: "call_10", tool_name: "clock" },
    ]);
    expect(requests[1]?.body.tools).toEqual([
      {
        type: "function",
        function: {
          name: "clock",
          description: "Tells the time in a time zone.",
          parameters: expect.objectContaining({ required: ["input"] }),
        },
      },
    ]);
  });

  it("pairs results with calls when an older Ollama gives no call ids", async () => {
    const call = (input: string) => ({ function: { name: "clock", arguments: { input } } });
    const done = { message: { role: "assistant", content: "" }, done: true };
    const { llm, requests } = await llmWith([
      {
        lines: [{ message: { content: "", tool_calls: [call("Asia/Tokyo"), call("Mars")] } }, done],
      },
      "Done.",
    ]);
    const result = await new ToolCallingAgent({ llm, tools: [clock] }).invoke("Two times?");
    expect(result.steps.map((step) => step.observation)).toEqual(["21:00", "no zone Mars"]);
    const sent = requests[1]?.body.messages as { tool_call_id?: string }[] | undefined;
    expect(sent?.slice(-2).map((message) => message.tool_call_id)).toEqual(["call_0", "call_1"]);
  });
});
