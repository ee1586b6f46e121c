import {
  Agent,
  type AgentEvent,
  DEFAULT_MAX_TOKENS,
  generate,
  type Llm,
  type Tool,
} from "@langchain-mini/core";
import { describe, expect, it } from "vitest";
import { KEY, llmFor, messagesOf, until } from "./test-support/fake-llm.js";

const calculator: Tool = {
  name: "calculator",
  description: "Useful for when you need to answer questions about math.",
  execute: (input) => (input === "25^(1/2)" ? "5" : `cannot compute ${input}`),
};

// Seed 000's square root of 25, answered as a chat model answers a scratchpad it cannot
// continue in place: repeating the open label, and inventing an observation past the stop.
const seedReplies = [
  {
    text: "Thought: I need to use a calculator for this\nAction: calculator\nAction Input: 25^(1/2)\nObservation: 6\nThought: invented",
  },
  { text: "I now know the final answer\nFinal Answer: The square root of 25 is 5." },
];

type LlmEnd = Extract<AgentEvent, { type: "llm-end" }>;
type Block = { type: string; text: string; cache_control?: unknown };

async function runSeed(llm: Llm) {
  const run = new Agent({ llm, tools: [calculator] }).run("what is the square root of 25?");
  const ends: LlmEnd[] = [];
  for await (const event of run) if (event.type === "llm-end") ends.push(event);
  return { result: await run.result, ends };
}

describe("AnthropicLlm against a local Messages API server, through the real SDK", () => {
  it("runs seed 000 as a whole multi-step ReAct run, with the stop sequence and usage on every call", async () => {
    const { llm, fake } = await llmFor(seedReplies);
    const { result, ends } = await runSeed(llm);
    expect(result).toMatchObject({ status: "answered", answer: "The square root of 25 is 5." });
    expect(result.steps).toEqual([
      {
        tool: "calculator",
        input: "25^(1/2)",
        thought: "I need to use a calculator for this",
        observation: "5",
      },
    ]);
    expect(ends.map((end) => [end.reason, end.completion.startsWith(" I ")])).toEqual([
      ["stop", true],
      ["stop", true],
    ]);
    for (const end of ends) {
      expect(end.usage?.inputTokens).toBeGreaterThan(0);
      expect(end.usage?.outputTokens).toBeGreaterThan(0);
    }
    expect(result.usage.inputTokens).toBe(
      (ends[0]?.usage?.inputTokens ?? 0) + (ends[1]?.usage?.inputTokens ?? 0),
    );
    const [first, second] = fake.requests;
    expect(first?.body).toMatchObject({
      model: "test-model",
      stream: true,
      max_tokens: DEFAULT_MAX_TOKENS, // the agent's limit, sent on every call
      stop_sequences: ["\nObservation:"],
    });
    expect(first?.body).not.toHaveProperty("temperature");
    expect(first?.headers).toMatchObject({ authorization: `Bearer ${KEY}` });
    expect(first?.headers.anthropicVersion).toBeTruthy();
    // A model that refuses prefills gets the whole scratchpad, open label included, as the user.
    const prompts = fake.requests.map((request) =>
      blocksOf(request.body).map((block) => block.text),
    );
    expect(
      prompts[0]?.join("").endsWith("Question: what is the square root of 25?\nThought:"),
    ).toBe(true);
    // The second prompt is the first plus the step: sent as the first's block and one more.
    expect(prompts[1]?.[0]).toBe(prompts[0]?.[0]);
    expect(prompts[1]?.[1]).toBe(
      " I need to use a calculator for this\nAction: calculator\nAction Input: 25^(1/2)\nObservation: 5\nThought:",
    );
    expect(blocksOf(second?.body).map((block) => block.cache_control)).toEqual([
      { type: "ephemeral" },
      { type: "ephemeral" },
    ]);
    expect(messagesOf(fake.requests[1])).toHaveLength(1);
  });

  it("reads each step's prefix from the prompt cache and reports hits and writes", async () => {
    const { llm, fake } = await llmFor(seedReplies, {}, { minCacheTokens: 0 });
    const { ends } = await runSeed(llm);
    const [first, second] = ends.map((end) => end.usage);
    expect(first?.cachedInputTokens).toBe(0);
    expect(first?.cacheWriteTokens).toBe(first?.inputTokens);
    // The whole first prompt is read from the cache; only the new step is written.
    expect(second?.cachedInputTokens).toBe(first?.inputTokens);
    expect(second?.cacheWriteTokens).toBe(
      (second?.inputTokens ?? 0) - (second?.cachedInputTokens ?? 0),
    );
    expect(fake.requests[1]?.usage).toMatchObject({
      input_tokens: 0,
      cache_read_input_tokens: first?.inputTokens,
    });
  });

  it("sends no cache breakpoints when caching is off, and then nothing is cached", async () => {
    const { llm, fake } = await llmFor(
      seedReplies,
      { promptCaching: false },
      { minCacheTokens: 0 },
    );
    const { ends } = await runSeed(llm);
    expect(ends.map((end) => end.usage?.cachedInputTokens)).toEqual([0, 0]);
    expect(typeof fake.requests[1]?.body.messages).toBe("object");
    expect(JSON.stringify(fake.requests.map((request) => request.body))).not.toContain(
      "cache_control",
    );
  });

  it("prefills the open label for models that continue one, so the reply continues the scratchpad", async () => {
    const { llm, fake } = await llmFor([{ text: " I know this one\nFinal Answer: 5" }], {
      model: "claude-haiku-4-5",
    });
    const response = await generate(llm, { prompt: "Question: 25^(1/2)?\nThought:" });
    expect(response.text).toBe(" I know this one\nFinal Answer: 5");
    expect(fake.requests[0]?.body.messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "Question: 25^(1/2)?\n", cache_control: { type: "ephemeral" } },
        ],
      },
      { role: "assistant", content: "Thought:" },
    ]);
  });

  it("asks once more without the prefill when a model refuses it, and remembers", async () => {
    const { llm, fake } = await llmFor(
      [{ text: "Thought: easy\nFinal Answer: 5" }],
      { model: "claude-opus-4-5" },
      { refuses: ["prefill"] },
    );
    const request = { prompt: "Question: 25^(1/2)?\nThought:" };
    expect((await generate(llm, request)).text).toBe(" easy\nFinal Answer: 5");
    await generate(llm, request);
    const lastRoles = fake.requests.map((recorded) => messagesOf(recorded).at(-1)?.role);
    expect(lastRoles).toEqual(["assistant", "user", "user"]);
  });

  it("cuts a stop sequence the API refuses (whitespace only) itself, closing the stream there", async () => {
    const text = `Final Answer: 4\n\n${"more text ".repeat(60)}`;
    const { llm, fake } = await llmFor([{ text, chunkSize: 4, chunkDelayMs: 2 }]);
    const response = await generate(llm, { prompt: "p", stop: ["\n\n", "\nObservation:"] });
    expect(response).toMatchObject({ text: "Final Answer: 4", reason: "stop" });
    expect(fake.requests[0]?.body.stop_sequences).toEqual(["\nObservation:"]);
    await until(() => fake.requests[0]?.closedEarly === true);
    expect(fake.requests[0]?.eventsSent).toBeLessThan(text.length / 4 / 2);
    expect(response.usage?.inputTokens).toBeGreaterThan(0);
  });

  it("sends the same prompt again exactly as before, so a retry or a batch hits the cache", async () => {
    const { llm, fake } = await llmFor([{ text: "Final Answer: 4" }], {}, { minCacheTokens: 0 });
    await generate(llm, { prompt: "Question: 2+2?\nThought:" });
    const again = await generate(llm, { prompt: "Question: 2+2?\nThought:" });
    expect(blocksOf(fake.requests[1]?.body)).toEqual(blocksOf(fake.requests[0]?.body));
    expect(again.usage?.cachedInputTokens).toBe(again.usage?.inputTokens);
  });
});

function blocksOf(body: Record<string, unknown> | undefined): Block[] {
  const [first] = (body?.messages ?? []) as { content: Block[] | string }[];
  const content = first?.content ?? [];
  return typeof content === "string" ? [{ type: "text", text: content }] : content;
}
