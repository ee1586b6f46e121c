import { rm } from "node:fs/promises";
import { dirname } from "node:path";
import { type ContractReply, providerContract } from "@langchain-mini/core/testing";
import { describe, it } from "vitest";
import { capabilities } from "./capabilities.js";
import { LlamaCppLlm } from "./llamacpp-llm.js";
import { type ScriptModelSpec, writeScriptModel } from "./testing/index.js";

/**
 * The contract's first reply as a script model that writes it word by word after
 * "Thought:" (each call's prompt starts the script over, so later replies never come).
 * A repeated word joins the one before it: a script's phrases lead to one successor each.
 */
function scriptOf(replies: readonly ContractReply[]): ScriptModelSpec {
  const [reply] = replies;
  if (!reply || !("text" in reply)) throw new Error("an in-process model has no HTTP failures");
  const phrases: string[] = [];
  for (const word of reply.text.match(/\s*\S+/g) ?? []) {
    if (phrases.includes(word) && phrases.length > 0) phrases[phrases.length - 1] += word;
    else phrases.push(word);
  }
  return { name: "contract-script", trigger: "Thought:", steps: [{ phrases }] };
}

describe("LlamaCppLlm passes the provider contract's checks for in-process models", () => {
  const checks = providerContract({
    name: "llamacpp",
    capabilities,
    server: {
      async start(replies) {
        const path = writeScriptModel(scriptOf(replies));
        const close = () => rm(dirname(path), { recursive: true, force: true });
        return { url: path, requests: [], close };
      },
    },
    // One thread: on two shared cores more threads only wait on each other.
    createLlm: (modelPath) => LlamaCppLlm.load({ modelPath, gpu: false, threads: 1 }),
  });
  for (const check of checks) it(check.name, check.run, 60_000);
});
