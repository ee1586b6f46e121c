import { Agent, type AgentEvent, generate, type Tool } from "@langchain-mini/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { KEY, llmFor, until } from "./test-support/fake-llm.js";

afterEach(() => {
  vi.restoreAllMocks();
});

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

type Contents = { role: string; parts: Record<string, unknown>[] }[];

describe("GeminiLlm against a local Gemini API server, through the real SDK", () => {
  it("runs seed 000 as a multi-step ReAct run, with the stop sequence sent and usage on every call", async () => {
    const { llm, fake } = await llmFor(seedReplies, {}, { cacheMinTokens: 16 });
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
    const [first, second] = fake.requests;
    expect(first).toMatchObject({
      model: "gemini-3.8-flash",
      query: { alt: "sse" },
      body: { generationConfig: { stopSequences: ["\nObservation:"] } },
    });
    // The key travels in its header, never in the URL (where logs and errors would show it).
    expect(first?.apiKey).toBe(KEY);
    expect(Object.values(first?.query ?? {})).not.toContain(KEY);
    // The second prompt extends the first, so Gemini's implicit cache serves the prefix.
    const prompts = fake.requests.map(
      (request) => (request.body.contents as Contents)[0]?.parts[0]?.text as string,
    );
    expect(prompts[1]?.startsWith(prompts[0] ?? "-")).toBe(true);
    expect(second?.body.contents).toHaveLength(1);
    expect(ends[0]?.usage).toMatchObject({ cachedInputTokens: 0 });
    expect(ends[1]?.usage?.cachedInputTokens).toBeGreaterThan(0);
    for (const end of ends) {
      expect(end.usage?.inputTokens).toBeGreaterThan(end.usage?.cachedInputTokens ?? 0);
      expect(end.usage?.outputTokens).toBeGreaterThan(0);
    }
    expect(result.usage.cachedInputTokens).toBe(ends[1]?.usage?.cachedInputTokens);
  });

  it("sends at most five stop sequences; core's reader cuts at the rest and the stream closes there", async () => {
    const text = `one two three four five six seven${" more".repeat(200)}`;
    const { llm, fake } = await llmFor([{ text, chunkSize: 4, chunkDelayMs: 2 }]);
    const stop = ["\nA:", "\nB:", "\nC:", "\nD:", "\nE:", " six"];
    const response = await generate(llm, { prompt: "count", stop });
    expect(response).toMatchObject({ text: "one two three four five", reason: "stop" });
    expect(fake.requests[0]?.body.generationConfig).toEqual({ stopSequences: stop.slice(0, 5) });
    await until(() => fake.requests[0]?.closedEarly === true);
    expect(fake.requests[0]?.chunksSent).toBeLessThan(text.length / 4 / 2);
  });

  it("reports thinking as output tokens, and the finish reasons Gemini gives", async () => {
    const { llm } = await llmFor([
      { text: "Final Answer: a long", finishReason: "MAX_TOKENS", thoughtsTokenCount: 40 },
      { text: "", finishReason: "SAFETY" },
    ]);
    const long = await generate(llm, { prompt: "p", maxTokens: 5 });
    expect(long.reason).toBe("length");
    expect(long.usage?.outputTokens).toBe(5 + 40);
    const unsafe = await generate(llm, { prompt: "p" });
    expect(unsafe).toMatchObject({ text: "", reason: "other" });
  });

  it("says so when Gemini blocks the prompt itself", async () => {
    const { llm, host } = await llmFor([{ blocked: "PROHIBITED_CONTENT" }]);
    await expect(generate(llm, { prompt: "p" })).rejects.toMatchObject({
      code: "llm_bad_request",
      message: `${host} blocked the prompt (PROHIBITED_CONTENT): rephrase the question`,
    });
  });

  it("sends temperature and the token limit only when asked", async () => {
    const { llm, fake } = await llmFor([{ text: "Final Answer: 4" }]);
    await generate(llm, { prompt: "p" });
    await generate(llm, { prompt: "p", temperature: 0, maxTokens: 64 });
    expect(fake.requests.map((request) => request.body.generationConfig)).toEqual([
      {},
      { temperature: 0, maxOutputTokens: 64 },
    ]);
  });

  it("never writes to the terminal, even for chunks with function calls", async () => {
    const writes = (["error", "warn", "info", "log", "debug"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(() => undefined),
    );
    const { llm } = await llmFor([
      { text: "Let me see.", functionCalls: [{ name: "calculator", args: { input: "1+1" } }] },
    ]);
    const response = await generate(llm, { messages: [{ role: "user", content: "1+1?" }] });
    expect(response.toolCalls).toHaveLength(1);
    for (const write of writes) expect(write).not.toHaveBeenCalled();
  });
});
