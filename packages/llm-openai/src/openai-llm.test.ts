import { Agent, generate } from "@langchain-mini/core";
import { afterEach, describe, expect, it } from "vitest";
import { OpenAiLlm } from "./openai-llm.js";
import { type FakeReply, startFakeOpenAi } from "./testing/fake-openai-server.js";

const KEY = "sk-test-secret-key-1234567890";
let fake: Awaited<ReturnType<typeof startFakeOpenAi>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function llmFor(
  replies: FakeReply[],
  options: { model?: string; timeoutMs?: number; maxRetries?: number } = {},
) {
  fake = await startFakeOpenAi(replies);
  return new OpenAiLlm({
    apiKey: KEY,
    baseURL: fake.baseURL,
    model: options.model ?? "test-model",
    timeoutMs: options.timeoutMs ?? 5_000,
    maxRetries: options.maxRetries ?? 2,
    env: {},
  });
}

const calculator = {
  name: "calculator",
  description: "maths",
  execute: (input: string) => (input === "25^(1/2)" ? "5" : "?"),
};

describe("OpenAiLlm against a local OpenAI-compatible server", () => {
  it("runs a whole multi-step ReAct run through the real SDK, with usage on every call", async () => {
    const llm = await llmFor([
      {
        text: " I need to use a calculator for this\nAction: calculator\nAction Input: 25^(1/2)\nObservation: 6",
      },
      { text: " I now know the final answer\nFinal Answer: The square root of 25 is 5." },
    ]);
    const run = new Agent({ llm, tools: [calculator] }).run("what is the square root of 25?");
    const usages = [];
    for await (const event of run) if (event.type === "llm-end") usages.push(event.usage);
    const result = await run.result;
    expect(result.answer).toBe("The square root of 25 is 5.");
    expect(result.steps[0]?.observation).toBe("5");
    expect(usages).toHaveLength(2);
    expect(usages.every((usage) => (usage?.inputTokens ?? 0) > 0)).toBe(true);
    expect(fake?.requests[0]?.body).toMatchObject({
      model: "test-model",
      stream: true,
      stop: ["\nObservation:"],
    });
    expect(fake?.requests[0]?.authorization).toBe(`Bearer ${KEY}`);
  });

  it("sends stop to a model that honours it", async () => {
    const llm = await llmFor([{ text: "Action: x\nAction Input: y\nObservation: invented" }]);
    const response = await generate(llm, { prompt: "p", stop: ["\nObservation:"] });
    expect(response.text).toBe("Action: x\nAction Input: y");
    expect(fake?.requests).toHaveLength(1);
  });

  it("retries once without stop when the server rejects it, cuts client-side, closes the stream early and remembers", async () => {
    const llm = await llmFor([{ rejectStop: true }]);
    const response = await generate(llm, { prompt: "p", stop: ["\nObservation:"] });
    expect(response.text).toBe(" I will use the calculator\nAction: calculator\nAction Input: 2+2");
    expect(response.reason).toBe("stop");
    expect(fake?.requests.map((request) => "stop" in request.body)).toEqual([true, false]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake?.requests[1]?.closedEarly).toBe(true);

    await generate(llm, { prompt: "again", stop: ["\nObservation:"] });
    expect(fake?.requests.map((request) => "stop" in request.body)).toEqual([true, false, false]);
  });

  it("never sends stop, temperature or max_tokens to reasoning models", async () => {
    const llm = await llmFor([{ text: "Final Answer: 4\nObservation: x", honourStop: false }], {
      model: "o4-mini",
    });
    const response = await generate(llm, {
      prompt: "p",
      stop: ["\nObservation:"],
      temperature: 0.2,
      maxTokens: 50,
    });
    expect(response.text).toBe("Final Answer: 4");
    const body = fake?.requests[0]?.body ?? {};
    expect(body).not.toHaveProperty("stop");
    expect(body).not.toHaveProperty("temperature");
    expect(body).not.toHaveProperty("max_tokens");
    expect(body.max_completion_tokens).toBe(50);
  });

  const failures: Array<[string, FakeReply[], string, string]> = [
    [
      "401",
      [{ status: 401, error: { message: `Incorrect API key provided: ${KEY}` } }],
      "llm_auth",
      "OPENAI_API_KEY was rejected by http://127.0.0.1:PORT/v1 (401): check the key, or set OPENAI_BASE_URL for another server",
    ],
    [
      "404",
      [{ status: 404, error: { message: "The model `test-model` does not exist" } }],
      "llm_not_found",
      "Model 'test-model' was not found at http://127.0.0.1:PORT/v1 (404): check OPENAI_MODEL or --llm openai:<model>",
    ],
    [
      "429 every time",
      [{ status: 429, error: { message: "Rate limit reached" } }],
      "llm_rate_limited",
      "Rate limited by http://127.0.0.1:PORT/v1 (429) after 2 retries: wait a moment and try again, or check your plan's limits",
    ],
    [
      "500 every time",
      [{ status: 500, error: { message: "boom" } }],
      "llm_server",
      "http://127.0.0.1:PORT/v1 failed with 500 after 2 retries: try again later",
    ],
    [
      "a malformed response",
      [{ malformed: true }],
      "llm_bad_response",
      "http://127.0.0.1:PORT/v1 sent a reply that is not an OpenAI chat completion: check that OPENAI_BASE_URL points at an OpenAI-compatible API (usually ending in /v1)",
    ],
  ];

  it.each(failures)("explains %s to the user", async (_name, replies, code, message) => {
    const llm = await llmFor(replies);
    const failure = await generate(llm, { prompt: "p" }).catch((error: unknown) => error);
    const port = new URL(fake?.baseURL ?? "").port;
    expect(failure).toMatchObject({ code, message: message.replace("PORT", port) });
    expect(String((failure as Error).message)).not.toContain(KEY);
  });

  it("retries 429 and 500, then succeeds", async () => {
    for (const status of [429, 500]) {
      const llm = await llmFor([
        { status, error: { message: "later" } },
        { text: "Final Answer: ok" },
      ]);
      expect((await generate(llm, { prompt: "p" })).text).toBe("Final Answer: ok");
      expect(fake?.requests).toHaveLength(2);
      await fake?.close();
    }
  });

  it("explains a refused connection", async () => {
    const llm = await llmFor([{ text: "x" }], { maxRetries: 0 });
    await fake?.close();
    const failure = await generate(llm, { prompt: "p" }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "llm_connection" });
    expect((failure as Error).message).toMatch(
      /^Cannot connect to http:\/\/127\.0\.0\.1:\d+\/v1 \(ECONNREFUSED\): check that the server is running and OPENAI_BASE_URL is right$/,
    );
    fake = undefined;
  });

  it("gives up on a server too slow to answer", async () => {
    const llm = await llmFor([{ hang: true }], { timeoutMs: 200, maxRetries: 0 });
    const failure = await generate(llm, { prompt: "p" }).catch((error: unknown) => error);
    const port = new URL(fake?.baseURL ?? "").port;
    expect(failure).toMatchObject({
      code: "llm_timeout",
      message: `http://127.0.0.1:${port}/v1 sent nothing for 0.2 s: check the server, or raise OPENAI_TIMEOUT_MS`,
    });
  });

  it("never takes a stream that broke half-way as an answer", async () => {
    const llm = await llmFor(
      [{ text: "Final Answer: this reply will be cut", chunkSize: 4, disconnectAfter: 3 }],
      { maxRetries: 0 },
    );
    const failure = await generate(llm, { prompt: "p" }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "llm_stream_broken" });
    expect((failure as Error).message).toContain("the partial reply was discarded");
    const result = await new Agent({ llm }).invoke("q");
    expect(result.status).toBe("failed");
    expect(result.answer).toBeUndefined();
  });

  it("reports an abort in the middle of a stream as an abort, not a short answer", async () => {
    const llm = await llmFor([
      { text: "Final Answer: a long and slow reply", chunkSize: 2, chunkDelayMs: 20 },
    ]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 60);
    const result = await new Agent({ llm }).invoke("q", { signal: controller.signal });
    expect(result.status).toBe("aborted");
    expect(result.error).toEqual({ code: "aborted", message: "The run was cancelled" });
  });

  it("streams native tool calls for the function-calling agent", async () => {
    const llm = await llmFor([
      { text: "", toolCalls: [{ name: "calculator", arguments: '{"input":"25^(1/2)"}' }] },
    ]);
    const response = await generate(llm, {
      messages: [{ role: "user", content: "root of 25?" }],
      tools: [{ name: "calculator", description: "maths", parameters: { type: "object" } }],
    });
    expect(response.reason).toBe("tool-calls");
    expect(response.toolCalls).toEqual([
      { id: "call_0", name: "calculator", arguments: '{"input":"25^(1/2)"}' },
    ]);
    expect(fake?.requests[0]?.body.tools).toEqual([
      {
        type: "function",
        function: { name: "calculator", description: "maths", parameters: { type: "object" } },
      },
    ]);
  });
});

describe("configuration", () => {
  it("reads OPENAI_* from the environment, with options winning", () => {
    const env = {
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: "http://localhost:11434/v1",
      OPENAI_MODEL: "llama3.2",
    };
    expect(new OpenAiLlm({ env }).model).toBe("llama3.2");
    expect(new OpenAiLlm({ env, model: "qwen3" }).model).toBe("qwen3");
    expect(new OpenAiLlm({ env: { OPENAI_API_KEY: KEY } }).model).toBe("gpt-4.1-mini");
    expect(
      new OpenAiLlm({ env: { OPENAI_BASE_URL: "http://localhost:1234/v1" } }).settings.host,
    ).toBe("http://localhost:1234/v1");
  });

  it("says what to set when nothing is configured", () => {
    expect(() => new OpenAiLlm({ env: {} })).toThrow(
      "OPENAI_API_KEY is not set: set it in the environment or .env, or set OPENAI_BASE_URL for a local server such as Ollama",
    );
    expect(() => new OpenAiLlm({ env: { OPENAI_BASE_URL: "localhost:11434" } })).toThrow(
      "OPENAI_BASE_URL is not an http(s) URL",
    );
  });
});
