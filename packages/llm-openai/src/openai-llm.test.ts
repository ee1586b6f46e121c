import {
  Agent,
  type AgentEvent,
  generate,
  type Tool,
  ToolCallingAgent,
} from "@langchain-mini/core";
import { describe, expect, it } from "vitest";
import { KEY, llmFor } from "./test-support/fake-llm.js";

const calculator: Tool = {
  name: "calculator",
  description: "Useful for when you need to answer questions about math.",
  execute: (input) => (input === "25^(1/2)" ? "5" : `cannot compute ${input}`),
};

// Seed 000's square root of 25, with the invented observation a model writes past the stop.
const seedReplies = [
  {
    text: " I need to use a calculator for this\nAction: calculator\nAction Input: 25^(1/2)\nObservation: 6\nThought: invented",
  },
  { text: " I now know the final answer\nFinal Answer: The square root of 25 is 5." },
];

describe("OpenAiLlm against a local OpenAI-compatible server, through the real SDK", () => {
  it("runs seed 000 as a whole multi-step ReAct run, with usage on every call", async () => {
    const { llm, fake } = await llmFor(seedReplies);
    const run = new Agent({ llm, tools: [calculator] }).run("what is the square root of 25?");
    const ends: Extract<AgentEvent, { type: "llm-end" }>[] = [];
    for await (const event of run) if (event.type === "llm-end") ends.push(event);
    const result = await run.result;
    expect(result).toMatchObject({ status: "answered", answer: "The square root of 25 is 5." });
    expect(result.steps).toEqual([
      {
        tool: "calculator",
        input: "25^(1/2)",
        thought: "I need to use a calculator for this",
        observation: "5",
      },
    ]);
    expect(ends.map((end) => end.reason)).toEqual(["stop", "stop"]);
    for (const end of ends) {
      expect(end.usage?.inputTokens).toBeGreaterThan(0);
      expect(end.usage?.outputTokens).toBeGreaterThan(0);
    }
    expect(result.usage.inputTokens).toBe(
      (ends[0]?.usage?.inputTokens ?? 0) + (ends[1]?.usage?.inputTokens ?? 0),
    );
    expect(fake.requests[0]?.body).toMatchObject({
      model: "test-model",
      stream: true,
      stream_options: { include_usage: true },
      stop: ["\nObservation:"],
    });
    // The second prompt extends the first: the server's prefix cache hits.
    const prompts = fake.requests.map(
      (request) => (request.body.messages as { content: string }[])[0]?.content ?? "",
    );
    expect(prompts[1]?.startsWith(prompts[0] ?? "-")).toBe(true);
    expect(fake.requests[0]?.authorization).toBe(`Bearer ${KEY}`);
  });

  it("sends stop to a model that honours it, and takes the server's cut", async () => {
    const { llm, fake } = await llmFor([
      { text: "Action: x\nAction Input: y\nObservation: made up" },
    ]);
    const response = await generate(llm, { prompt: "p", stop: ["\nObservation:"] });
    expect(response.text).toBe("Action: x\nAction Input: y");
    expect(response.reason).toBe("stop");
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.body.stop).toEqual(["\nObservation:"]);
  });

  it("retries once without a rejected stop, cuts client-side, closes the stream early and remembers", async () => {
    const text = `Action: calculator\nAction Input: 2+2\nObservation: 4\n${"Thought: more\n".repeat(40)}`;
    const { llm, fake } = await llmFor([
      { text, rejects: ["stop"], chunkSize: 4, chunkDelayMs: 2 },
    ]);
    const response = await generate(llm, { prompt: "p", stop: ["\nObservation:"] });
    expect(response.text).toBe("Action: calculator\nAction Input: 2+2");
    expect(response.reason).toBe("stop");
    expect(fake.requests.map((request) => "stop" in request.body)).toEqual([true, false]);
    await until(() => fake.requests[1]?.closedEarly === true);
    // The server saw the close long before it had sent the whole reply.
    expect(fake.requests[1]?.chunksSent).toBeLessThan(text.length / 4 / 2);

    await generate(llm, { prompt: "again", stop: ["\nObservation:"] });
    expect(fake.requests.map((request) => "stop" in request.body)).toEqual([true, false, false]);
  });

  it("leaves out a rejected temperature and sends max_tokens as max_completion_tokens", async () => {
    const { llm, fake } = await llmFor([
      { text: "Final Answer: 4", rejects: ["temperature", "max_tokens"] },
    ]);
    const request = { prompt: "p", temperature: 0, maxTokens: 64 };
    expect((await generate(llm, request)).text).toBe("Final Answer: 4");
    const bodies = fake.requests.map(({ body }) => body);
    expect(
      bodies.map((body) => [body.temperature, body.max_tokens, body.max_completion_tokens]),
    ).toEqual([
      [0, 64, undefined],
      [undefined, 64, undefined],
      [undefined, undefined, 64],
    ]);
    await generate(llm, request);
    expect(fake.requests).toHaveLength(4);
  });

  it("never sends stop, temperature or max_tokens to OpenAI's reasoning models", async () => {
    const { llm, fake } = await llmFor(
      [{ text: "Final Answer: 4\nObservation: x", honourStop: false }],
      { model: "o4-mini" },
    );
    const request = { prompt: "p", stop: ["\nObservation:"], temperature: 0.2, maxTokens: 50 };
    const response = await generate(llm, request);
    expect(response.text).toBe("Final Answer: 4");
    const body = fake.requests[0]?.body ?? {};
    expect(body).not.toHaveProperty("stop");
    expect(body).not.toHaveProperty("temperature");
    expect(body).not.toHaveProperty("max_tokens");
    expect(body.max_completion_tokens).toBe(50);
    expect(fake.requests).toHaveLength(1);
  });

  it("assembles parallel tool calls streamed in pieces, in the model's order", async () => {
    const { llm } = await llmFor([
      {
        text: "",
        chunkSize: 3,
        toolCalls: [
          { name: "calculator", arguments: '{"input":"25^(1/2)"}' },
          { name: "search", arguments: '{"input":"weather in Oslo"}' },
        ],
      },
    ]);
    const response = await generate(llm, { messages: [{ role: "user", content: "both?" }] });
    expect(response.reason).toBe("tool-calls");
    expect(response.toolCalls).toEqual([
      { id: "call_0", name: "calculator", arguments: '{"input":"25^(1/2)"}' },
      { id: "call_1", name: "search", arguments: '{"input":"weather in Oslo"}' },
    ]);
  });

  it("sends the tools, then the call and its result back, in OpenAI's shape", async () => {
    const { llm, fake } = await llmFor([
      {
        text: "Let me compute.",
        toolCalls: [{ name: "calculator", arguments: '{"input":"25^(1/2)"}' }],
      },
      { text: "The square root of 25 is 5." },
    ]);
    const result = await new ToolCallingAgent({ llm, tools: [calculator] }).invoke(
      "square root of 25?",
    );
    expect(result).toMatchObject({ status: "answered", answer: "The square root of 25 is 5." });
    expect(fake.requests[0]?.body.tools).toEqual([
      {
        type: "function",
        function: {
          name: "calculator",
          description: "Useful for when you need to answer questions about math.",
          parameters: {
            type: "object",
            properties: { input: { type: "string", description: "the input to the tool" } },
            required: ["input"],
          },
        },
      },
    ]);
    expect((fake.requests[1]?.body.messages as unknown[] | undefined)?.slice(2)).toEqual([
      {
        role: "assistant",
        content: "Let me compute.",
        tool_calls: [
          {
            id: "call_0",
            type: "function",
            function: { name: "calculator", arguments: '{"input":"25^(1/2)"}' },
          },
        ],
      },
      { role: "tool", content: "5", tool_call_id: "call_0" },
    ]);
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });
});

/** Waits for what the server sees next; the test's time limit bounds the wait. */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
