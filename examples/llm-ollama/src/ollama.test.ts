import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent, generate, isLangchainMiniError, type Llm, REACT_STOP } from "@langchain-mini/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLlm } from "./index.js";

type Handler = (body: Record<string, unknown>, response: ServerResponse) => void;

/** A fake Ollama on 127.0.0.1: each test sets how it answers and reads what it was sent. */
let handle: Handler = () => {};
const requests: Record<string, unknown>[] = [];
const server = createServer(async (request: IncomingMessage, response) => {
  let text = "";
  for await (const chunk of request) text += chunk;
  const body = JSON.parse(text) as Record<string, unknown>;
  requests.push({ path: request.url, ...body });
  handle(body, response);
});
let host: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** Streams NDJSON as Ollama does, cutting one line across two writes. */
function streamLines(lines: readonly object[]): Handler {
  return (_body, response) => {
    response.writeHead(200, { "content-type": "application/x-ndjson" });
    const text = lines.map((line) => `${JSON.stringify(line)}\n`).join("");
    const middle = Math.floor(text.length / 2);
    response.write(text.slice(0, middle));
    setTimeout(() => response.end(text.slice(middle)), 5);
  };
}

const llm = (model = "llama3.2:1b") => createLlm({ model, env: { OLLAMA_HOST: host } }) as Llm;

async function failure(run: Promise<unknown>) {
  const error = await run.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isLangchainMiniError(error)) throw new Error(`expected a LangchainMiniError, got ${error}`);
  return { code: error.code, message: error.message };
}

describe("Ollama /api/generate provider", () => {
  it("streams the completion and reports usage, sending the prompt, stop and limits", async () => {
    handle = streamLines([
      { response: " I know", done: false },
      { response: " it.", done: false },
      { response: "", done: true, done_reason: "stop", prompt_eval_count: 12, eval_count: 3 },
    ]);
    const request = { prompt: "Question: hi\nThought:", stop: REACT_STOP, maxTokens: 64 };
    const response = await generate(llm(), request);
    expect(response).toMatchObject({ text: " I know it.", reason: "stop" });
    expect(response.usage).toEqual({ inputTokens: 12, outputTokens: 3 });
    expect(requests.at(-1)).toMatchObject({
      path: "/api/generate",
      model: "llama3.2:1b",
      prompt: "Question: hi\nThought:",
      stream: true,
      options: { stop: [...REACT_STOP], num_predict: 64 },
    });
  });

  it("runs a ReAct agent with a tool", async () => {
    const replies = [
      " I need the time.\nAction: clock\nAction Input: UTC",
      " I now know the final answer\nFinal Answer: It is noon.",
    ];
    handle = (_body, response) =>
      streamLines([{ response: replies.shift(), done: false }, { done: true }])(_body, response);
    const clock = { name: "clock", description: "Tells the time.", execute: () => "12:00" };
    const result = await new Agent({ llm: llm(), tools: [clock] }).invoke("What time is it?");
    expect(result.answer).toBe("It is noon.");
    expect(String(requests.at(-1)?.prompt)).toContain("Observation: 12:00\nThought:");
  });

  it("says how to get a missing model", async () => {
    handle = (_body, response) => {
      response.writeHead(404).end(JSON.stringify({ error: "model 'qwen3' not found" }));
    };
    expect(await failure(generate(llm("qwen3"), { prompt: "hi" }))).toEqual({
      code: "llm_not_found",
      message: "Ollama has no model 'qwen3': run ollama pull qwen3",
    });
  });

  it("reports an error line in the stream", async () => {
    handle = streamLines([{ response: "par", done: false }, { error: "out of memory" }]);
    expect(await failure(generate(llm(), { prompt: "hi" }))).toEqual({
      code: "llm_server",
      message: "Ollama failed: out of memory",
    });
  });

  it("says how to start Ollama when nothing listens", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = createLlm({ model: "m", env: { OLLAMA_HOST: `127.0.0.1:${port}` } });
    expect(await failure(generate(await unreachable, { prompt: "hi" }))).toEqual({
      code: "llm_connection",
      message: `Cannot reach http://127.0.0.1:${port}/api/generate: start it with 'ollama serve' or set OLLAMA_HOST`,
    });
  });

  it("stops on abort in the middle of the stream", async () => {
    handle = (_body, response) => {
      response.writeHead(200);
      response.write(`${JSON.stringify({ response: "slow", done: false })}\n`);
    };
    const controller = new AbortController();
    const chunks: string[] = [];
    const reading = (async () => {
      for await (const chunk of llm().stream({ prompt: "hi", signal: controller.signal })) {
        if (chunk.type === "text") chunks.push(chunk.text);
        controller.abort();
      }
    })();
    expect(await failure(reading)).toEqual({ code: "aborted", message: "The run was cancelled" });
    expect(chunks).toEqual(["slow"]);
  });

  it("refuses chat messages", async () => {
    const messages = [{ role: "user" as const, content: "hi" }];
    expect(await failure(generate(llm(), { messages }))).toEqual({
      code: "llm_bad_request",
      message: "/api/generate takes a prompt, not messages",
    });
  });

  it("needs a model name", () => {
    expect(() => createLlm({ model: undefined, env: {} })).toThrow(
      "Name a model: --llm langchain-mini-llm-ollama:llama3.2",
    );
  });
});
