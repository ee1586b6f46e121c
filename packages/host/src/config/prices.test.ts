import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Llm, ModelPrice } from "@langchain-mini/core";
import { ScriptedLlm } from "@langchain-mini/core/testing";
import { describe, expect, it } from "vitest";
import { tempDir } from "../test-support/temp-dir.js";
import { PRICES_FILE, pricedLlm, readUserPrices } from "./prices.js";

function dataDirectoryWith(content: string | undefined) {
  const directory = tempDir();
  if (content !== undefined) writeFileSync(join(directory, PRICES_FILE), content);
  return directory;
}

const own: ModelPrice = { input: 1, output: 5, checked: "2026-11-23" };
const llmAt = (price?: ModelPrice): Llm =>
  new ScriptedLlm(["ok"], { model: "m", ...(price ? { price } : {}) });

describe("readUserPrices", () => {
  it("reads prices by provider:model, null meaning no known price", async () => {
    const directory = dataDirectoryWith(
      JSON.stringify({
        "openai:my-finetune": { input: 3, cachedInput: 1.5, output: 12 },
        "anthropic:claude-haiku-5-5": null,
      }),
    );
    const { prices, warning } = await readUserPrices(directory);
    expect(warning).toBeUndefined();
    expect(prices.get("openai:my-finetune")).toEqual({ input: 3, cachedInput: 1.5, output: 12 });
    expect(prices.has("anthropic:claude-haiku-5-5")).toBe(true);
    expect(prices.get("anthropic:claude-haiku-5-5")).toBeNull();
  });

  it("reads a context window beside a price or alone, which keeps the provider's price", async () => {
    const directory = dataDirectoryWith(
      JSON.stringify({
        "openai:llama3.2": { contextWindow: 8192 },
        "openai:my-finetune": { input: 3, output: 12, contextWindow: 128000 },
        "openai:gpt-4.1-mini": { input: 0.4, output: 1.6 },
      }),
    );
    const { prices, windows, warning } = await readUserPrices(directory);
    expect(warning).toBeUndefined();
    expect([...windows]).toEqual([
      ["openai:llama3.2", 8192],
      ["openai:my-finetune", 128000],
    ]);
    expect(prices.has("openai:llama3.2")).toBe(false);
    expect(prices.get("openai:my-finetune")).toEqual({ input: 3, output: 12 });
    expect(prices.get("openai:gpt-4.1-mini")).toEqual({ input: 0.4, output: 1.6 });
  });

  it("names an entry whose window is no whole number of tokens, and keeps the rest", async () => {
    const directory = dataDirectoryWith(
      JSON.stringify({
        "openai:a": { contextWindow: "8k" },
        "openai:b": { contextWindow: 0 },
        "openai:c": { contextWindow: 4096.5, input: 1, output: 1 },
        "openai:d": { contextWindow: 4096, input: -1, output: 1 },
        "openai:e": { contextWindow: 4096 },
      }),
    );
    const { prices, windows, warning } = await readUserPrices(directory);
    expect([...windows]).toEqual([["openai:e", 4096]]);
    expect(prices.size).toBe(0);
    expect(warning).toBe(
      `Ignoring 4 entries of ${join(directory, PRICES_FILE)}: "openai:a": contextWindow must be a whole number of tokens, such as 128000 (and 3 more)`,
    );
  });

  it("reads nothing, and says nothing, when there is no file", async () => {
    expect(await readUserPrices(dataDirectoryWith(undefined))).toEqual({
      prices: new Map(),
      windows: new Map(),
    });
    expect((await readUserPrices(join(tempDir(), "not-made-yet"))).warning).toBeUndefined();
  });

  it("ignores a file that is not JSON, in one line that names it", async () => {
    const directory = dataDirectoryWith('{ "openai:gpt-4.1": { input: 1 }\n}');
    const { prices, warning } = await readUserPrices(directory);
    expect(prices.size).toBe(0);
    expect(warning).toMatch(
      new RegExp(
        `^Ignoring ${join(directory, PRICES_FILE).replaceAll("/", "\\/")}: it is not JSON \\(`,
      ),
    );
    expect(warning).not.toContain("\n");
  });

  it("ignores JSON that is not an object of prices", async () => {
    const { warning } = await readUserPrices(dataDirectoryWith("[1, 2]"));
    expect(warning).toMatch(
      /: it must be \{ "<provider>:<model>": \{ "input": 0\.4, "output": 1\.6 \}, … \}$/,
    );
  });

  it("keeps the good entries and names the first bad one, and how many more", async () => {
    const directory = dataDirectoryWith(
      JSON.stringify({
        "openai:gpt-4.1": { input: 2, output: 8 },
        "gpt-4.1-mini": { input: 0.4, output: 1.6 },
        "openai:typo": { input: 0.4, outptu: 1.6 },
        "openai:negative": { input: -1, output: 1 },
      }),
    );
    const { prices, warning } = await readUserPrices(directory);
    expect([...prices.keys()]).toEqual(["openai:gpt-4.1"]);
    expect(warning).toBe(
      `Ignoring 3 entries of ${join(directory, PRICES_FILE)}: "gpt-4.1-mini": names no <provider>:<model>, e.g. openai:gpt-4.1-mini (and 2 more)`,
    );
  });

  it("quotes a hostile key escaped and short", async () => {
    const key = `\u001b[2Jopenai${"x".repeat(200)}`;
    const { warning } = await readUserPrices(dataDirectoryWith(JSON.stringify({ [key]: 1 })));
    expect(warning).not.toContain("\u001b");
    expect(warning).toContain('"\\u001b[2Jopenaixxx');
    expect(warning?.length).toBeLessThan(200);
  });

  it("does not read a folder or a file too large to be a list of prices", async () => {
    const folder = tempDir();
    mkdirSync(join(folder, PRICES_FILE));
    expect((await readUserPrices(folder)).warning).toMatch(/: it is a folder$/);
    const huge = dataDirectoryWith(
      `{"a:b": {"input": 1, "output": 1}, "pad": "${"x".repeat(1_100_000)}"}`,
    );
    const { prices, warning } = await readUserPrices(huge);
    expect(prices.size).toBe(0);
    expect(warning).toMatch(/: it is larger than 1 MB/);
  });
});

describe("pricedLlm", () => {
  it("lays the user's price for provider:model over the provider's own", () => {
    const user = new Map([["script:m", { input: 9, output: 9 }]]);
    const llm = llmAt(own);
    const priced = pricedLlm(llm, {}, user);
    expect(priced.price).toEqual({ input: 9, output: 9 });
    expect(priced.model).toBe("m");
    expect(pricedLlm(llm, {}, new Map([["script:other", { input: 9, output: 9 }]]))).toBe(llm);
  });

  it("leaves out a price the user says is not known, or whose last day has passed", () => {
    expect(pricedLlm(llmAt(own), {}, new Map([["script:m", null]])).price).toBeUndefined();
    const ended = new Map([["script:m", { input: 9, output: 9, until: "2001-01-01" }]]);
    expect(pricedLlm(llmAt(own), {}, ended).price).toBeUndefined();
  });

  it("falls back on the module's table for an LLM that carries no price, or a broken one", () => {
    const table = { m: { input: 2, output: 3 } };
    expect(pricedLlm(llmAt(), table, new Map()).price).toEqual({ input: 2, output: 3 });
    const broken = llmAt({ input: Number.NaN, output: 1 });
    expect(pricedLlm(broken, table, new Map()).price).toEqual({ input: 2, output: 3 });
    expect(pricedLlm(llmAt(), {}, new Map()).price).toBeUndefined();
  });
});
