import { describe, expect, it } from "vitest";
import { LONGEST_TIMER_MS, readMilliseconds } from "../provider-kit/milliseconds.js";
import { ScriptedLlm } from "../testing/scripted-llm.js";
import { isLangchainMiniError, LangchainMiniError, toLangchainMiniError } from "./errors.js";
import { llmContractProblem, storeContractProblem, toolContractProblem } from "./plugins.js";

describe("llmContractProblem", () => {
  it("accepts an Llm", () => {
    expect(llmContractProblem(new ScriptedLlm([]))).toBeUndefined();
  });

  it("says what is missing", () => {
    expect(llmContractProblem(undefined)).toBe("got undefined");
    expect(llmContractProblem("gpt-4")).toBe("got a string");
    expect(llmContractProblem({ provider: "x", model: "m" })).toBe(
      "it has no stream(request) method",
    );
    expect(llmContractProblem({ model: "m", stream() {} })).toBe("its provider is not a string");
    expect(llmContractProblem({ provider: "x", stream() {} })).toBe("its model is not a string");
  });
});

describe("toolContractProblem", () => {
  const tool = { name: "clock", description: "Tells the time.", execute: () => "noon" };

  it("accepts a Tool", () => {
    expect(toolContractProblem(tool)).toBeUndefined();
  });

  it("says what is missing", () => {
    expect(toolContractProblem(null)).toBe("got null");
    expect(toolContractProblem({ ...tool, name: "the clock" })).toBe(
      "its name is not a single word",
    );
    expect(toolContractProblem({ ...tool, description: " " })).toBe("it has no description");
    expect(toolContractProblem({ ...tool, execute: "noon" })).toBe(
      "it has no execute(input, context) method",
    );
    expect(toolContractProblem({ ...tool, inputSchema: "z.string()" })).toBe(
      "its inputSchema is not a schema (got a string)",
    );
  });
});

describe("storeContractProblem", () => {
  const store = { load() {}, append() {}, clear() {}, list() {} };

  it("accepts a SessionStore, with or without close", () => {
    expect(storeContractProblem(store)).toBeUndefined();
    expect(storeContractProblem({ ...store, close() {} })).toBeUndefined();
  });

  it("says what is missing", () => {
    expect(storeContractProblem("redis://localhost")).toBe("got a string");
    expect(storeContractProblem({ ...store, append: undefined })).toBe("it has no append method");
    expect(storeContractProblem({ ...store, close: true })).toBe("its close is not a method");
  });
});

describe("errors from another copy of core", () => {
  // What a plug-in's own copy of the class would construct: same brand, different class.
  class ForeignError extends Error {
    readonly code = "llm_auth";
    constructor(message: string) {
      super(message);
      Object.defineProperty(this, Symbol.for("langchain-mini.error"), { value: true });
    }
  }

  it("are recognised, keeping their code", () => {
    const foreign = new ForeignError("KEY was rejected: check it");
    expect(foreign instanceof LangchainMiniError).toBe(false);
    expect(isLangchainMiniError(foreign)).toBe(true);
    expect(toLangchainMiniError(foreign).code).toBe("llm_auth");
  });

  it("while plain errors are not", () => {
    const plain = Object.assign(new Error("boom"), { code: "llm_auth" });
    expect(isLangchainMiniError(plain)).toBe(false);
    expect(toLangchainMiniError(plain).code).toBe("internal");
  });
});

describe("readMilliseconds", () => {
  it("takes whole milliseconds a timer can wait, and names the variable otherwise", () => {
    expect(readMilliseconds("X_TIMEOUT_MS", undefined, 5)).toBe(5);
    expect(readMilliseconds("X_TIMEOUT_MS", " ", 5)).toBe(5);
    expect(readMilliseconds("X_TIMEOUT_MS", "2147483647", 5)).toBe(LONGEST_TIMER_MS);
    for (const bad of ["2147483648", "1e12", "0", "-1", "1.5", "soon", "Infinity"]) {
      expect(() => readMilliseconds("X_TIMEOUT_MS", bad, 5)).toThrow(
        `X_TIMEOUT_MS must be a whole number of milliseconds from 1 to 2147483647, got '${bad}'`,
      );
    }
  });
});

describe("contract checks on objects whose getters throw", () => {
  const throwing = {
    get name(): string {
      throw new Error("the name getter broke");
    },
    description: "d",
    execute: () => "",
  };
  const trap = new Proxy(
    {},
    {
      get() {
        throw new Error("the trap broke");
      },
    },
  );

  it("says the plug-in broke its contract, and never throws itself", () => {
    const said =
      'reading it threw "the name getter broke": the plug-in broke its contract (give plain values, not getters that throw)';
    expect(toolContractProblem(throwing)).toBe(said);
    for (const check of [llmContractProblem, toolContractProblem, storeContractProblem]) {
      expect(check(trap)).toContain(
        'reading it threw "the trap broke": the plug-in broke its contract',
      );
    }
  });
});
