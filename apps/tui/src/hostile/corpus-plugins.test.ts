import { describe, it } from "vitest";
import { type HostileCase, runHostileCase } from "../test-support/hostile-case.js";

// Plug-ins that break the contract. A provider's or a tool factory's breach is one line,
// exit 2; whatever a tool's execute throws or returns is an observation, and the run goes on.

const STREAM_HEAD = `export const capabilities = { prompt: true, messages: false, tools: false, stop: true };
export const createLlm = () => ({ provider: "hostile", model: "m", capabilities, `;
const GETTER_ERROR = `(() => { const error = new Error("x"); Object.defineProperty(error, "message", { get() { throw new Error("getter"); } }); return error; })()`;
const PROXY = `new Proxy({}, { get() { throw new Error("trap"); }, getPrototypeOf() { throw new Error("trap"); }, getOwnPropertyDescriptor() { throw new Error("trap"); } })`;

/** [what, the module's source, what its one line says] */
const providers: Array<[string, string, string]> = [
  ["createLlm returns null", "export const createLlm = () => null;", "did not return an LLM"],
  ["createLlm returns nothing", "export const createLlm = () => {};", "did not return an LLM"],
  ["createLlm returns a string", 'export const createLlm = () => "llm";', "did not return an LLM"],
  [
    "createLlm returns an object without stream",
    'export const createLlm = () => ({ provider: "p", model: "m" });',
    "did not return an LLM",
  ],
  [
    "createLlm throws a string",
    'export const createLlm = () => { throw "nope"; };',
    "failed: nope",
  ],
  [
    "createLlm throws a plain object",
    'export const createLlm = () => { throw { secret: "internals" }; };',
    "failed: a value that is not an Error was thrown",
  ],
  [
    "createLlm throws null",
    "export const createLlm = () => { throw null; };",
    "failed: null was thrown",
  ],
  [
    "createLlm throws an error whose message getter throws",
    `export const createLlm = () => { throw ${GETTER_ERROR}; };`,
    "failed: an error whose message cannot be read",
  ],
  [
    "createLlm throws a proxy whose traps throw",
    `export const createLlm = () => { throw ${PROXY}; };`,
    "failed: an error whose message cannot be read",
  ],
  [
    "createLlm rejects with a plain object",
    "export const createLlm = async () => { throw { code: 42 }; };",
    "failed: a value that is not an Error was thrown",
  ],
  ["a module without createLlm", "export const nothing = 1;", "does not export createLlm"],
  [
    "a module that throws on import",
    'throw new Error("import-time failure");',
    "failed to load: import-time failure",
  ],
  ["a module with a syntax error", "export const createLlm = () => {", "failed to load"],
  [
    "capabilities that are not flags",
    'export const capabilities = { prompt: "yes" }; export const createLlm = () => null;',
    "exports capabilities that are not",
  ],
  [
    "a stream that yields null",
    `${STREAM_HEAD}async *stream() { yield null; } });`,
    "its stream yielded null",
  ],
  [
    "a stream that yields a chunk of type constructor",
    `${STREAM_HEAD}async *stream() { yield { type: "constructor" }; } });`,
    "its stream yielded a chunk of unknown type 'constructor'",
  ],
  [
    "a stream that yields text that is a number",
    `${STREAM_HEAD}async *stream() { yield { type: "text", text: 42 }; } });`,
    "a text chunk whose text is not a string",
  ],
  [
    "a stream() that gives back null",
    `${STREAM_HEAD}stream() { return null; } });`,
    "its stream() gave back null",
  ],
  [
    "a stream that throws a plain object",
    `${STREAM_HEAD}async *stream() { throw { secret: "internals" }; } });`,
    "it failed without a readable Error",
  ],
  [
    "a stream that throws an error whose message getter throws",
    `${STREAM_HEAD}async *stream() { throw ${GETTER_ERROR}; } });`,
    "it failed without a readable Error (an error whose message cannot be read)",
  ],
];

const providerCases: HostileCase[] = providers.map(([what, source, says]) => ({
  name: `provider: ${what}`,
  setup: ({ file }) => {
    file("provider.mjs", source);
  },
  args: () => ["ask", "--tools", "calculator", "--llm", "./provider.mjs:m", "q"],
  status: 2,
  stdout: "",
  stderr: says,
  forbidden: ["internals", "getter", "trap"],
}));

const brokenStream: HostileCase = {
  name: "provider: a stream that ends without its finish",
  setup: ({ file }) => {
    file(
      "provider.mjs",
      `${STREAM_HEAD}async *stream() { yield { type: "text", text: "Final Answer: half" }; } });`,
    );
  },
  args: () => ["ask", "--tools", "calculator", "--llm", "./provider.mjs:m", "q"],
  status: 1,
  stdout: "",
  stderr: "stream ended before the reply was finished",
};

const TOOL_REPLIES = (name: string) => [
  ` I will\nAction: ${name}\nAction Input: x`,
  " I now know the final answer\nFinal Answer: done",
];

/** [what, the tool's execute, the observation it becomes] */
const executions: Array<[string, string, string]> = [
  [
    "throws a plain object",
    'throw { secret: "internals" };',
    "failed: a value that is not an Error was thrown",
  ],
  ["throws a string", 'throw "just a string";', "failed: just a string"],
  [
    "throws an error whose message getter throws",
    `throw ${GETTER_ERROR};`,
    "failed: an error whose message cannot be read",
  ],
  [
    "rejects with a proxy whose traps throw",
    `return Promise.reject(${PROXY});`,
    "failed: an error whose message cannot be read",
  ],
  ["returns null", "return null;", "returned null instead of text"],
  ["returns an object", "return { a: 1 };", "returned an object instead of text"],
];

const toolCases: HostileCase[] = executions.map(([what, body, observation]) => ({
  name: `tool: execute ${what}`,
  setup: ({ file }) => {
    file(
      "tool.mjs",
      `export const createTools = () => [{ name: "hostile", description: "d", execute() { ${body} } }];`,
    );
  },
  args: ({ script }) => [
    "ask",
    "--tools",
    "./tool.mjs",
    "--llm",
    `script:${script(TOOL_REPLIES("hostile"))}`,
    "q",
  ],
  status: 0,
  stdout: "done\n",
  stderr: `Observation: Tool hostile ${observation}`,
  forbidden: ["internals", "getter", "trap"],
}));

const namedConstructor: HostileCase = {
  name: "tool: one named constructor runs like any other",
  setup: ({ file }) => {
    file(
      "tool.mjs",
      'export const createTools = () => [{ name: "constructor", description: "d", execute: () => "built" }];',
    );
  },
  args: ({ script }) => [
    "ask",
    "--tools",
    "./tool.mjs",
    "--llm",
    `script:${script(TOOL_REPLIES("constructor"))}`,
    "q",
  ],
  status: 0,
  stdout: "done\n",
  stderr: "Observation: built",
};

/** [what, createTools' body, what its one line says] */
const factories: Array<[string, string, string]> = [
  ["returns null", "return null;", "did not return a list of tools"],
  ["returns [null]", "return [null];", "returned something that is not a tool"],
  [
    "throws a plain object",
    'throw { secret: "internals" };',
    "failed: a value that is not an Error was thrown",
  ],
  [
    "throws an error whose message getter throws",
    `throw ${GETTER_ERROR};`,
    "failed: an error whose message cannot be read",
  ],
  [
    "returns a tool without execute",
    'return [{ name: "t", description: "d" }];',
    "returned something that is not a tool",
  ],
  [
    "returns two tools with one name",
    'return [{ name: "twin", description: "d", execute: () => "" }, { name: "Twin", description: "d", execute: () => "" }];',
    "Two tools are named 'twin'",
  ],
];

const factoryCases: HostileCase[] = factories.map(([what, body, says]) => ({
  name: `tool factory: createTools ${what}`,
  setup: ({ file }) => {
    file("tool.mjs", `export const createTools = () => { ${body} };`);
  },
  args: ({ script }) => [
    "ask",
    "--tools",
    "./tool.mjs",
    "--llm",
    `script:${script(TOOL_REPLIES("t"))}`,
    "q",
  ],
  status: 2,
  stdout: "",
  stderr: says,
  forbidden: ["internals", "getter"],
}));

describe("hostile corpus: plug-ins that break the contract", () => {
  for (const hostile of [
    ...providerCases,
    brokenStream,
    ...toolCases,
    namedConstructor,
    ...factoryCases,
  ]) {
    it(hostile.name, () => runHostileCase(hostile), 60_000);
  }
});
