import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { generate, type Llm } from "@langchain-mini/core";
import { ScriptedLlm } from "@langchain-mini/core/testing";
import { startFakeOpenAi } from "@langchain-mini/llm-openai/testing";
import { afterEach, describe, expect, it } from "vitest";
import { createHost, type Host } from "../create-host.js";
import { tempDir } from "../test-support/temp-dir.js";
import { sizedLlm, windowNotice } from "./context-window.js";
import { chooseLlm } from "./llm-choice.js";

const sized = (contextWindow?: unknown): Llm =>
  Object.assign(new ScriptedLlm(["ok"], { model: "m", price: { input: 1, output: 2 } }), {
    provider: "openai",
    contextWindow,
  }) as Llm;

describe("sizedLlm", () => {
  it("takes --context-window, then the user's prices.json, then the model's own", async () => {
    const user = new Map([["openai:m", 8_192]]);
    expect(sizedLlm(sized(128_000), 4_096, user).contextWindow).toBe(4_096);
    expect(sizedLlm(sized(128_000), undefined, user).contextWindow).toBe(8_192);
    const own = sized(128_000);
    expect(sizedLlm(own, undefined, new Map())).toBe(own);
    const wrapped = sizedLlm(sized(), 4_096, new Map());
    expect(wrapped).toMatchObject({ provider: "openai", model: "m", price: { input: 1 } });
    expect((await generate(wrapped, { prompt: "p" })).text).toBe("ok");
  });

  it("forgets a window that is no whole number of tokens", () => {
    for (const broken of [Number.NaN, -1, 0, 1.5, "128k"]) {
      expect(sizedLlm(sized(broken), undefined, new Map())).not.toHaveProperty("contextWindow");
    }
  });
});

describe("windowNotice", () => {
  it("says what is assumed for a model nobody gave a window, and nothing for one they did", () => {
    expect(windowNotice(sized())).toEqual({
      key: "context-window:openai:m",
      text: "openai:m's context window is not known: assuming 32,768 tokens; set it with --context-window or prices.json",
    });
    expect(windowNotice(sized(8_192))).toEqual({ key: "context-window:openai:m", text: undefined });
    // A script's replies are read from a file: no window of its own to be wrong.
    expect(windowNotice(new ScriptedLlm(["ok"]))).toBeUndefined();
  });
});

describe("the window a host gives a model", () => {
  const hosts: Host[] = [];
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>> | undefined;
  afterEach(async () => {
    await Promise.all(hosts.splice(0).map((host) => host.close()));
    await fake?.close();
  });

  async function hostWith(prices?: object) {
    fake = await startFakeOpenAi([{ text: "Final Answer: ok" }]);
    const dataDirectory = tempDir();
    if (prices) writeFileSync(join(dataDirectory, "prices.json"), JSON.stringify(prices));
    const host = createHost({
      env: { OPENAI_BASE_URL: fake.baseURL },
      cwd: tempDir(),
      dataDirectory,
    });
    hosts.push(host);
    return host;
  }

  const choose = (host: Host, spec: string, contextWindow?: number) =>
    chooseLlm({ spec, agentMode: "react", constrained: false, toolNames: [], contextWindow }, host);

  it("says once per model that its window is not known, and never for a known model", async () => {
    const host = await hostWith();
    const first = await choose(host, "openai:llama3.2");
    expect(first.llm.contextWindow).toBeUndefined();
    expect(first.notices).toEqual([
      "openai:llama3.2's context window is not known: assuming 32,768 tokens; set it with --context-window or prices.json",
    ]);
    expect((await choose(host, "openai:llama3.2")).notices).toEqual([]);
    expect((await choose(host, "openai:qwen3")).notices).toHaveLength(1);
    const known = await choose(host, "openai:gpt-4.1-mini");
    expect(known).toMatchObject({ llm: { contextWindow: 1_047_576 }, notices: [] });
    // Given one by the flag, a model is known: nothing to say.
    const flagged = await choose(host, "openai:mistral", 16_384);
    expect(flagged).toMatchObject({ llm: { contextWindow: 16_384 }, notices: [] });
  });

  it("takes the window of prices.json, over the provider's, and keeps the provider's price", async () => {
    const host = await hostWith({
      "openai:llama3.2": { contextWindow: 8_192 },
      "openai:gpt-4o": { contextWindow: 64_000 },
    });
    expect(await choose(host, "openai:llama3.2")).toMatchObject({
      llm: { contextWindow: 8_192 },
      notices: [],
    });
    const gpt = await choose(host, "openai:gpt-4o");
    expect(gpt.llm).toMatchObject({ contextWindow: 64_000, price: { input: 2.5, output: 10 } });
    expect((await choose(host, "openai:gpt-4o", 32_000)).llm.contextWindow).toBe(32_000);
  });
});
