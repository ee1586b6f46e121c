import { describe, expect, it } from "vitest";
import { Agent } from "../agent/react-agent.js";
import { ScriptedLlm } from "../testing/scripted-llm.js";
import { describeThrown, errorInfo, isLangchainMiniError } from "./errors.js";
import type { Llm } from "./llm.js";
import type { Tool } from "./tool.js";

function errorWithThrowingMessage() {
  const error = new Error("hidden");
  Object.defineProperty(error, "message", {
    get() {
      throw new Error("the getter threw");
    },
  });
  return error;
}

const proxyThatThrows = () =>
  new Proxy(
    {},
    {
      get() {
        throw new Error("get trap");
      },
      getPrototypeOf() {
        throw new Error("prototype trap");
      },
      getOwnPropertyDescriptor() {
        throw new Error("descriptor trap");
      },
    },
  );

/** An LLM whose stream yields what it is given, then (if it gets that far) a finish. */
function llmYielding(...chunks: unknown[]): Llm {
  return {
    provider: "hostile",
    model: "m",
    async *stream() {
      for (const chunk of chunks) yield chunk as never;
      yield { type: "finish", reason: "stop" };
    },
  };
}

async function failureOf(llm: Llm) {
  const result = await new Agent({ llm }).run("q").result;
  expect(result.status).toBe("failed");
  return result.error;
}

describe("plug-ins that break the contract", () => {
  it("describes anything thrown in one line, without its insides, and never throws", () => {
    expect(describeThrown(new Error("plain"))).toBe("plain");
    expect(describeThrown("a string")).toBe("a string");
    expect(describeThrown({ secret: "internals", stack: "at x" })).toBe(
      "a value that is not an Error was thrown",
    );
    expect(describeThrown({ message: "rate limited" })).toBe("rate limited");
    expect(describeThrown(null)).toBe("null was thrown");
    expect(describeThrown(undefined)).toBe("undefined was thrown");
    expect(describeThrown(42)).toBe("42 was thrown");
    expect(describeThrown(Object.create(null))).toBe("a value that is not an Error was thrown");
    expect(describeThrown(errorWithThrowingMessage())).toBe(
      "an error whose message cannot be read",
    );
    expect(describeThrown(proxyThatThrows())).toBe("an error whose message cannot be read");
    expect(isLangchainMiniError(proxyThatThrows())).toBe(false);
    expect(errorInfo(errorWithThrowingMessage())).toEqual({
      code: "internal",
      message: "an error whose message cannot be read",
    });
  });

  it("ends a run in one configuration error when a provider's stream yields garbage", async () => {
    const garbage: Array<[unknown, string]> = [
      [null, "null"],
      ["text", "a string"],
      [{ type: "constructor" }, "a chunk of unknown type 'constructor'"],
      [{ type: "text", text: 42 }, "a text chunk whose text is not a string"],
      [{ type: "tool-call", call: null }, "a tool call without a string id, name and arguments"],
      [{ type: "finish", reason: "__proto__" }, "a finish chunk with an unknown reason"],
      [
        { type: "finish", reason: "stop", usage: { inputTokens: "many" } },
        "a finish chunk whose usage is not token counts",
      ],
      [
        new Proxy(
          {},
          {
            get(_target, key) {
              if (key === "type") throw new Error("type trap");
              return undefined;
            },
          },
        ),
        "a chunk that cannot be read",
      ],
    ];
    for (const [chunk, what] of garbage) {
      expect(await failureOf(llmYielding(chunk))).toEqual({
        code: "config_invalid",
        message: `The LLM provider 'hostile' broke the plug-in contract: its stream yielded ${what}, not a text, tool-call or finish chunk: fix the provider or choose another with --llm`,
      });
    }
  });

  it("says so when stream() gives back no iterable, or throws something that is not an Error", async () => {
    const notIterable: Llm = { provider: "hostile", model: "m", stream: () => null as never };
    expect(await failureOf(notIterable)).toMatchObject({
      code: "config_invalid",
      message: expect.stringContaining("its stream() gave back null, not an async iterable"),
    });
    const throwing: Llm = {
      provider: "hostile",
      model: "m",
      // biome-ignore lint/correctness/useYield: it fails before its first chunk
      async *stream() {
        throw errorWithThrowingMessage();
      },
    };
    expect(await failureOf(throwing)).toEqual({
      code: "config_invalid",
      message:
        "The LLM provider 'hostile' broke the plug-in contract: it failed without a readable Error (an error whose message cannot be read): fix the provider or choose another with --llm",
    });
    const throwingText: Llm = {
      provider: "hostile",
      model: "m",
      // biome-ignore lint/correctness/useYield: it fails before its first chunk
      async *stream() {
        throw { internals: "secret" };
      },
    };
    expect(await failureOf(throwingText)).toMatchObject({
      code: "config_invalid",
      message: expect.stringContaining("(a value that is not an Error was thrown)"),
    });
    const throwingError: Llm = {
      provider: "hostile",
      model: "m",
      // biome-ignore lint/correctness/useYield: it fails before its first chunk
      async *stream() {
        throw new TypeError("a bug in the provider");
      },
    };
    expect(await failureOf(throwingError)).toEqual({
      code: "internal",
      message: "a bug in the provider",
    });
  });

  it("turns whatever a tool throws or returns that is not text into an observation", async () => {
    const tool = (name: string, execute: () => unknown): Tool<unknown> => ({
      name,
      description: name,
      execute: execute as Tool<unknown>["execute"],
    });
    const tools = [
      tool("plain", () => {
        throw { internals: "secret" };
      }),
      tool("text", () => {
        throw "just a string";
      }),
      tool("getter", () => {
        throw errorWithThrowingMessage();
      }),
      tool("proxy", async () => {
        throw proxyThatThrows();
      }),
      tool("nothing", () => null),
      tool("object", async () => ({ a: 1 })),
    ];
    const llm = new ScriptedLlm([
      ...tools.map((each) => ` t\nAction: ${each.name}\nAction Input: x`),
      " ok\nFinal Answer: done",
    ]);
    const run = new Agent({ llm, tools }).run("q");
    const observations: string[] = [];
    for await (const event of run) if (event.type === "observation") observations.push(event.text);
    expect((await run.result).answer).toBe("done");
    expect(observations).toEqual([
      "Tool plain failed: a value that is not an Error was thrown",
      "Tool text failed: just a string",
      "Tool getter failed: an error whose message cannot be read",
      "Tool proxy failed: an error whose message cannot be read",
      "Tool nothing returned null instead of text",
      "Tool object returned an object instead of text",
    ]);
  });
});
