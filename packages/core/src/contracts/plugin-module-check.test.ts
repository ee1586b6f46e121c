import { describe, expect, it } from "vitest";
import { ScriptedLlm } from "../testing/scripted-llm.js";
import { isLangchainMiniError } from "./errors.js";
import { checkProviderModule, checkStoreModule, checkToolModule } from "./plugin-module-check.js";
import { PROMPT_ONLY } from "./plugins.js";

const GUIDES = "https://github.com/langchain-mini/langchain-mini/tree/main/packages/core";

/** What a check threw, asserting it is the one-line configuration error hosts show. */
function thrown(check: () => unknown) {
  try {
    check();
  } catch (error) {
    if (!isLangchainMiniError(error)) throw error;
    expect(error.code).toBe("config_invalid");
    return error.message;
  }
  throw new Error("the check passed");
}

describe("checkProviderModule", () => {
  const createLlm = () => new ScriptedLlm([]);

  it("reads a module that exports only its factory, with the contract's defaults", () => {
    const checked = checkProviderModule({ createLlm }, "mine");
    expect(checked).toMatchObject({
      description: undefined,
      environment: [],
      capabilities: PROMPT_ONLY,
      defaultModel: undefined,
      prices: {},
      createLlm,
    });
    expect(checked.availability({})).toEqual({ available: true });
  });

  it("keeps only well-formed environment entries and prices", () => {
    const checked = checkProviderModule(
      {
        createLlm,
        environment: [{ name: "KEY", description: "the key", secret: true }, { name: 1 }, null],
        prices: { good: { input: 1, output: 2 }, bad: { input: "1" } },
        defaultModel: 7,
      },
      "mine",
    );
    expect(checked.environment).toEqual([{ name: "KEY", description: "the key", secret: true }]);
    expect(checked.prices).toEqual({ good: { input: 1, output: 2 } });
    expect(checked.defaultModel).toBeUndefined();
    expect(checkProviderModule({ createLlm, prices: "cheap" }, "mine").prices).toEqual({});
  });

  it("says in one line what a module that is no provider lacks, and where the guide is", () => {
    expect(thrown(() => checkProviderModule({ createTools() {} }, "./x.js"))).toBe(
      `'./x.js' is not a langchain-mini LLM provider module: it does not export createLlm({ model, env }) (see ${GUIDES}#write-your-own-llm-provider)`,
    );
    expect(thrown(() => checkProviderModule(undefined, "./x.js"))).toContain("does not export");
  });

  it("refuses capabilities that are not the four booleans", () => {
    expect(
      thrown(() => checkProviderModule({ createLlm, capabilities: { tools: "yes" } }, "p")),
    ).toBe(
      `The LLM provider 'p' exports capabilities that are not { prompt, messages, tools, stop } booleans (see ${GUIDES}#write-your-own-llm-provider)`,
    );
  });

  it("calls an export whose getter throws a breach of the contract", () => {
    const module = {
      createLlm,
      get capabilities(): unknown {
        throw new Error("flag getter");
      },
    };
    expect(thrown(() => checkProviderModule(module, "./plugin.mjs"))).toBe(
      `The LLM provider module './plugin.mjs' broke its contract: reading its exports threw "flag getter" (see ${GUIDES}#write-your-own-llm-provider)`,
    );
  });

  it("gives an availability check that never throws and always says why not", () => {
    const throwing = checkProviderModule(
      {
        createLlm,
        availability() {
          throw new Error("no network");
        },
      },
      "p",
    );
    expect(throwing.availability({})).toEqual({
      available: false,
      reason: "p's availability check failed: no network",
    });
    const silent = checkProviderModule({ createLlm, availability: () => ({}) }, "p");
    expect(silent.availability({})).toEqual({
      available: false,
      reason: "p says it cannot be used here",
    });
    const keyed = checkProviderModule(
      { createLlm, availability: (env: Record<string, string>) => ({ available: !!env.KEY }) },
      "p",
    );
    expect(keyed.availability({ KEY: "k" })).toEqual({ available: true });
  });
});

describe("checkToolModule", () => {
  const tool = { name: "clock", description: "Tells the time.", execute: () => "noon" };

  it("turns a module's single createTool into createTools", async () => {
    const checked = checkToolModule({ createTool: async () => tool }, "clock");
    expect(await checked.createTools({ env: {} })).toEqual([tool]);
    expect(checked.close).toBeUndefined();
  });

  it("keeps the module-wide close of the contract's first version", () => {
    const close = () => {};
    expect(checkToolModule({ createTools: () => [tool], close }, "t").close).toBe(close);
    expect(checkToolModule({ createTools: () => [tool], close: "later" }, "t").close).toBe(
      undefined,
    );
  });

  it("names the factory a tool module must export", () => {
    expect(thrown(() => checkToolModule({}, "./empty.js"))).toBe(
      `'./empty.js' is not a langchain-mini tool module: it does not export createTools({ env }) (see ${GUIDES}#write-your-own-tool)`,
    );
  });
});

describe("checkStoreModule", () => {
  const createStore = () => ({});

  it("keeps only the protocols that are text", () => {
    const checked = checkStoreModule({ createStore, protocols: ["kv:", 3, "kvs:"] }, "kv");
    expect(checked.protocols).toEqual(["kv:", "kvs:"]);
    expect(checkStoreModule({ createStore, protocols: "kv:" }, "kv").protocols).toEqual([]);
  });

  it("names the factory a store module must export, even through a trap that throws", () => {
    expect(thrown(() => checkStoreModule({ protocols: [] }, "./s.mjs"))).toBe(
      `'./s.mjs' is not a langchain-mini session store module: it does not export createStore({ url, env }) (see ${GUIDES}#write-your-own-session-store)`,
    );
    const trap = new Proxy(
      {},
      {
        get() {
          throw new Error("entry trap");
        },
      },
    );
    expect(thrown(() => checkStoreModule(trap, "./s.mjs"))).toBe(
      `The session store module './s.mjs' broke its contract: reading its exports threw "entry trap" (see ${GUIDES}#write-your-own-session-store)`,
    );
  });
});
