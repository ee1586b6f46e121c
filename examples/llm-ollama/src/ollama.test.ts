import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  Agent,
  generate,
  isLangchainMiniError,
  type LlmProviderModule,
  llmContractProblem,
  REACT_STOP,
} from "@langchain-mini/core";
import { afterEach, describe, expect, it } from "vitest";
import * as plugin from "./index.js";
import { type FakeOllama, type FakeOllamaReply, startFakeOllama } from "./testing/index.js";

let ollama: FakeOllama | undefined;
afterEach(() => ollama?.close());

/** An LLM of the plug-in against a fake Ollama that gives these replies. */
async function llmWith(replies: readonly FakeOllamaReply[], model = "llama3.2:1b") {
  ollama = await startFakeOllama(replies);
  const llm = plugin.createLlm({ model, env: { OLLAMA_HOST: ollama.host } });
  return { llm, requests: ollama.requests };
}

async function failure(run: Promise<unknown>) {
  const error = await run.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isLangchainMiniError(error)) throw new Error(`expected a LangchainMiniError, got ${error}`);
  return { code: error.code, message: error.message };
}

describe("the plug-in module", () => {
  it("tells a host what it is without being called", () => {
    const module: LlmProviderModule = plugin;
    expect(module.capabilities).toEqual({ prompt: true, messages: true, tools: true, stop: true });
    expect(module.defaultModel).toBe("llama3.2");
    expect(module.environment?.map((variable) => variable.name)).toEqual(["OLLAMA_HOST"]);
    expect(plugin.availability({})).toEqual({ available: true });
    expect(plugin.availability({ OLLAMA_HOST: "http://gpu-box:11434" })).toEqual({
      available: true,
    });
  });

  it("says in one line what is wrong with OLLAMA_HOST, before and at creation", () => {
    const reason =
      "OLLAMA_HOST=ftp://box is not a server address: set it like 127.0.0.1:11434 or http://gpu-box:11434";
    expect(plugin.availability({ OLLAMA_HOST: "ftp://box" })).toEqual({ available: false, reason });
    expect(() => plugin.createLlm({ model: "m", env: { OLLAMA_HOST: "ftp://box" } })).toThrow(
      reason,
    );
  });

  it("makes an LLM of the default model when --llm names none", () => {
    const llm = plugin.createLlm({ model: undefined, env: {} });
    expect(llmContractProblem(llm)).toBeUndefined();
    expect([llm.provider, llm.model]).toEqual(["ollama", "llama3.2"]);
    expect(llm.capabilities).toBe(plugin.capabilities);
  });
});

describe("prompts, through /api/generate", () => {
  it("streams the completion and reports usage, sending the prompt, stop and limits", async () => {
    const { llm, requests } = await llmWith([" I know it."]);
    const request = { prompt: "Question: hi\nThought:", stop: REACT_STOP, maxTokens: 64 };
    const response = await generate(llm, request);
    expect(response).toMatchObject({ text: " I know it.", reason: "stop" });
    expect(response.usage).toEqual({ inputTokens: 12, outputTokens: 3 });
    expect(requests).toEqual([
      {
        path: "/api/generate",
        body: {
          model: "llama3.2:1b",
          prompt: "Question: hi\nThought:",
          stream: true,
          options: { stop: [...REACT_STOP], num_predict: 64 },
        },
      },
    ]);
  });

  it("runs the ReAct agent with a tool", async () => {
    const { llm, requests } = await llmWith([
      " I need the time.\nAction: clock\nAction Input: UTC",
      " I now know the final answer\nFinal Answer: It is noon.",
    ]);
    const clock = { name: "clock", description: "Tells the time.", execute: () => "12:00" };
    const result = await new Agent({ llm, tools: [clock] }).invoke("What time is it?");
    expect(result.answer).toBe("It is noon.");
    expect(requests.at(-1)?.body.prompt).toContain("Observation: 12:00\nThought:");
  });
});

describe("failures, each one line that says what to do", () => {
  it("a model that is not pulled", async () => {
    const { llm } = await llmWith([{ status: 404, error: "model 'qwen3' not found" }], "qwen3");
    expect(await failure(generate(llm, { prompt: "hi" }))).toEqual({
      code: "llm_not_found",
      message: "Ollama has no model 'qwen3': run ollama pull qwen3",
    });
  });

  it("an error line in the middle of the stream", async () => {
    const { llm } = await llmWith([
      { lines: [{ response: "par", done: false }, { error: "out of memory" }] },
    ]);
    expect(await failure(generate(llm, { prompt: "hi" }))).toEqual({
      code: "llm_server",
      message: "Ollama failed: out of memory",
    });
  });

  it("a stream that ends before its done line", async () => {
    const { llm } = await llmWith([{ lines: [{ response: "par", done: false }] }]);
    expect(await failure(generate(llm, { prompt: "hi" }))).toEqual({
      code: "llm_stream_broken",
      message: "Ollama's stream ended early: try again",
    });
  });

  it("a server that is not Ollama", async () => {
    const proxy = createServer((_request, response) => response.end("<html>Sign in</html>\n"));
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const host = `127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const llm = plugin.createLlm({ model: "m", env: { OLLAMA_HOST: host } });
    try {
      expect(await failure(generate(llm, { prompt: "hi" }))).toEqual({
        code: "llm_bad_response",
        message: "The server is not Ollama: it sent '<html>Sign in</html>': check OLLAMA_HOST",
      });
    } finally {
      proxy.close();
    }
  });
});
