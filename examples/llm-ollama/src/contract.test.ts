import { type ContractReply, providerContract } from "@langchain-mini/core/testing";
import { describe, it } from "vitest";
import * as plugin from "./index.js";
import { type FakeOllamaReply, startFakeOllama } from "./testing/index.js";

/** The contract's replies in the fake's terms: Ollama's error body, NDJSON lines, object arguments. */
function toOllama(reply: ContractReply): FakeOllamaReply {
  if ("status" in reply) return { status: reply.status, error: reply.message };
  if (!("text" in reply)) return reply;
  const { text, chunkSize, chunkDelayMs, disconnectAfter, toolCalls = [] } = reply;
  const calls = toolCalls.map(({ name, arguments: values }) => ({
    name,
    arguments: JSON.parse(values) as Record<string, unknown>,
  }));
  return { text, chunkSize, chunkDelayMs, disconnectAfter, toolCalls: calls };
}

describe("the Ollama plug-in passes the provider contract", () => {
  const checks = providerContract({
    name: "ollama",
    capabilities: plugin.capabilities,
    server: {
      async start(replies) {
        const own = replies.map(toOllama);
        const fake = await startFakeOllama((index) => own[Math.min(index, own.length - 1)] ?? "");
        return { url: fake.host, requests: fake.server.requests, close: fake.close };
      },
    },
    createLlm: (host) => plugin.createLlm({ model: "llama3.2:1b", env: { OLLAMA_HOST: host } }),
    // No key, no retries and no timeout of its own: the failure checks that apply.
    http: {
      lines: {
        refused: (host) =>
          `Cannot reach http://${host}/api/generate: start it with 'ollama serve' or set OLLAMA_HOST`,
      },
    },
  });
  for (const check of checks) it(check.name, check.run, 60_000);
});
