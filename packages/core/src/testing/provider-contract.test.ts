import { describe, expect, it } from "vitest";
import type { Llm, LlmChunk, LlmRequest } from "../contracts/llm.js";
import { providerContract } from "./provider-contract.js";
import type { ContractReply, ProviderContractOptions } from "./provider-contract-options.js";
import { SCRIPT_CAPABILITIES, ScriptedLlm } from "./scripted-llm.js";

/** The contract run on core's scripted model: replies kept by a made-up url. */
function scriptedContract(wrap: (llm: Llm) => Llm = (llm) => llm): ProviderContractOptions {
  const scripts = new Map<string, readonly ContractReply[]>();
  return {
    name: "script",
    capabilities: SCRIPT_CAPABILITIES,
    server: {
      async start(replies) {
        const url = `script:${scripts.size}`;
        scripts.set(url, replies);
        return { url, requests: [], close: async () => undefined };
      },
    },
    createLlm(url) {
      const replies = (scripts.get(url) ?? []).flatMap((reply) => ("text" in reply ? [reply] : []));
      const [first] = replies;
      // The last reply repeats, as the contract expects of a backend.
      const texts = [...replies, ...Array(10).fill(replies.at(-1))];
      const llm = new ScriptedLlm(texts, {
        chunkSize: first?.chunkSize,
        chunkDelayMs: first?.chunkDelayMs,
        honourStop: !first?.ignoreStop,
      });
      return wrap(llm);
    },
  };
}

/** `llm` with each stream passed through `change`. */
function altered(change: (chunks: AsyncIterable<LlmChunk>) => AsyncIterable<LlmChunk>) {
  return (llm: Llm): Llm => ({
    ...llm,
    stream: (request: LlmRequest) => change(llm.stream(request)),
  });
}

async function failures(options: ProviderContractOptions) {
  const failed: string[] = [];
  for (const check of providerContract(options))
    await check.run().catch(() => failed.push(check.name));
  return failed;
}

describe("the provider contract", () => {
  describe("passes the scripted model", () => {
    for (const check of providerContract(scriptedContract())) it(check.name, check.run);
  });

  it("fails a provider that reports no usage", async () => {
    const withoutUsage = altered(async function* (chunks) {
      for await (const chunk of chunks)
        yield chunk.type === "finish" ? { type: "finish", reason: chunk.reason } : chunk;
    });
    expect(await failures(scriptedContract(withoutUsage))).toEqual([
      "streams the text in pieces, then one finish with the reason and the token usage",
      "runs the function-calling agent: a tool call, its result sent back, then the answer",
    ]);
  });

  it("fails a provider that takes an abort for the end of the reply", async () => {
    const finishing = altered(async function* (chunks) {
      try {
        yield* chunks;
      } catch {
        yield { type: "finish", reason: "stop" };
      }
    });
    // Runs and `generate` look at the signal themselves; the stream's reader must not.
    expect(await failures(scriptedContract(finishing))).toEqual([
      "ends the stream at an abort with the partial text, no finish and an aborted error",
    ]);
  });
});
