import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../test-support/cli.js";
import {
  type CaseContext,
  type HostileCase,
  runHostileCase,
} from "../test-support/hostile-case.js";

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

const THROWING = (what: string) => `{ get() { throw new Error("${what} getter"); } }`;

/** [what, the module's source, how it is used, what its one line says] */
const getters: Array<[string, string, "tool" | "provider", string]> = [
  [
    "a tool whose name getter throws",
    `export const createTools = () => [Object.defineProperty({ description: "d", execute: () => "" }, "name", ${THROWING("name")})];`,
    "tool",
    `returned something that is not a tool: reading it threw "name getter": the plug-in broke its contract`,
  ],
  [
    "a tool set whose tools getter throws",
    `export const createTools = () => Object.defineProperty({ close() {} }, "tools", ${THROWING("tools")});`,
    "tool",
    `did not return a list of tools, nor { tools, close }: reading it threw "tools getter": the plug-in broke its contract`,
  ],
  [
    "a list of tools behind a proxy whose traps throw once it is awaited",
    `export const createTools = () => new Proxy([], { get(_, key) { if (key === "then") return undefined; throw new Error("list trap"); } });`,
    "tool",
    `did not return a list of tools, nor { tools, close }: reading it threw "list trap": the plug-in broke its contract`,
  ],
  [
    "an LLM whose provider getter throws",
    `export const createLlm = () => Object.defineProperty({ model: "m", stream() {} }, "provider", ${THROWING("provider")});`,
    "provider",
    `did not return an LLM: reading it threw "provider getter": the plug-in broke its contract`,
  ],
  [
    "capabilities whose flag getter throws",
    `export const capabilities = Object.defineProperty({}, "prompt", ${THROWING("flag")}); export const createLlm = () => null;`,
    "provider",
    `The LLM provider module './plugin.mjs' broke its contract: reading its exports threw "flag getter"`,
  ],
  [
    "an environment entry whose name getter throws",
    `export const environment = [Object.defineProperty({}, "name", ${THROWING("entry")})]; export const createTools = () => [];`,
    "tool",
    `The tool module './plugin.mjs' broke its contract: reading its exports threw "entry getter"`,
  ],
  [
    "prices behind a proxy whose traps throw",
    `export const prices = new Proxy({}, { ownKeys() { throw new Error("prices trap"); } }); export const createLlm = () => null;`,
    "provider",
    `broke its contract: reading its exports threw "prices trap"`,
  ],
];

const getterCases: HostileCase[] = getters.map(([what, source, kind, says]) => ({
  name: `contract: ${what}`,
  setup: ({ file }) => {
    file("plugin.mjs", source);
  },
  args: ({ script }) =>
    kind === "tool"
      ? ["ask", "--tools", "./plugin.mjs", "--llm", `script:${script(TOOL_REPLIES("t"))}`, "q"]
      : ["ask", "--tools", "calculator", "--llm", "./plugin.mjs:m", "q"],
  status: 2,
  stdout: "",
  stderr: says,
  forbidden: ["unexpected error"],
}));

/** Top-level code that never settles, with (or without) a timer that keeps the process up. */
const NEVER = (kept: boolean) =>
  `${kept ? "setInterval(() => {}, 60_000);\n" : ""}await new Promise(() => {});\nexport const createTools = () => [];\n`;

const neverCases: HostileCase[] = [true, false].map((kept) => ({
  name: `import: a module whose import never settles${kept ? ", a timer keeping the process up" : ""}`,
  setup: ({ file }) => {
    file("never.mjs", NEVER(kept));
  },
  env: { LANGCHAIN_MINI_PLUGIN_TIMEOUT: "2" },
  args: ({ script }) => [
    "ask",
    "--tools",
    "./never.mjs",
    "--llm",
    `script:${script(TOOL_REPLIES("t"))}`,
    "q",
  ],
  status: 2,
  stdout: "",
  stderr:
    "langchain-mini: The tool module './never.mjs' did not finish loading within 2 s (its import never settles): the plug-in broke its contract (LANGCHAIN_MINI_PLUGIN_TIMEOUT=<seconds> gives it longer)\n",
}));

/** A package folder that `plugins add` takes. */
function packageFolder(context: CaseContext, name: string, source: string) {
  const folder = join(context.directory, name);
  mkdirSync(folder);
  const manifest = { name, version: "1.0.0", type: "module", exports: "./index.js" };
  writeFileSync(join(folder, "package.json"), JSON.stringify(manifest));
  writeFileSync(join(folder, "index.js"), source);
  return folder;
}

/** A plug-in project as `plugins add` leaves it, written by hand: no npm. */
function addedByHand(context: CaseContext, packages: Record<string, string>) {
  const plugins = join(context.home, "plugins");
  const dependencies: Record<string, string> = {};
  for (const [name, source] of Object.entries(packages)) {
    const root = join(plugins, "node_modules", name);
    mkdirSync(root, { recursive: true });
    const manifest = { name, version: "1.0.0", type: "module", exports: "./index.js" };
    writeFileSync(join(root, "package.json"), JSON.stringify(manifest));
    writeFileSync(join(root, "index.js"), source);
    dependencies[name] = "1.0.0";
  }
  writeFileSync(
    join(plugins, "package.json"),
    JSON.stringify({ name: "langchain-mini-plugins", dependencies }),
  );
}

/**
 * npm's CA certificates, and a data directory beside the case's: installed plug-ins link
 * the app's core (and its dependencies' own test files), which are not ours to check.
 */
const npmData = (context: CaseContext) => ({
  NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS ?? "",
  LANGCHAIN_MINI_HOME: join(context.directory, "data"),
});

/** `plugins list` of the data directory `npmData` gives a case. */
const listed = async (context: CaseContext) =>
  (
    await runCli(["plugins", "list"], {
      cwd: context.directory,
      env: { LANGCHAIN_MINI_HOME: join(context.directory, "data") },
    })
  ).stdout;

const pluginCommandCases: HostileCase[] = [
  {
    name: "plugins list: a plug-in whose import never settles is listed broken, the others as ever",
    setup: (context) =>
      addedByHand(context, {
        "acme-good": 'export const description = "fine"; export const createTools = () => [];\n',
        "acme-never": NEVER(true),
      }),
    // Long enough for a small module on a busy machine; the other one never settles.
    env: { LANGCHAIN_MINI_PLUGIN_TIMEOUT: "10" },
    args: () => ["plugins", "list"],
    status: 0,
    stdout:
      "acme-good\t1.0.0\ttool  fine\nacme-never\t1.0.0\tbroken  (The plug-in module 'acme-never' did not finish loading within 10 s (its import never settles): the plug-in broke its contract (LANGCHAIN_MINI_PLUGIN_TIMEOUT=<seconds> gives it longer): remove it, or add it again)\n",
  },
  {
    name: "plugins add: a plug-in whose import never settles is removed again, one line",
    setup: (context) => {
      packageFolder(context, "acme-never", NEVER(true));
    },
    env: (context) => ({ ...npmData(context), LANGCHAIN_MINI_PLUGIN_TIMEOUT: "2" }),
    args: () => ["plugins", "add", "./acme-never"],
    status: 2,
    stdout: "",
    stderr:
      "langchain-mini: acme-never does not load, so it was removed again: The plug-in module 'acme-never' did not finish loading within 2 s",
    check: async (_result, context) => expect(await listed(context)).toBe(""),
  },
  {
    name: "plugins add: a plug-in whose export getter throws is removed again, one line",
    setup: (context) => {
      packageFolder(
        context,
        "acme-getter",
        `export const capabilities = Object.defineProperty({}, "prompt", ${THROWING("flag")}); export const createLlm = () => null;`,
      );
    },
    env: npmData,
    args: () => ["plugins", "add", "./acme-getter"],
    status: 2,
    stdout: "",
    stderr: `langchain-mini: acme-getter does not load, so it was removed again: The LLM provider module 'acme-getter' broke its contract: reading its exports threw "flag getter"`,
    check: async (_result, context) => expect(await listed(context)).toBe(""),
  },
  {
    name: "plugins add: a file npm cannot install is one line naming npm's log, no npm output",
    setup: ({ file }) => {
      file("broken.tgz", "not a tarball");
    },
    args: () => ["plugins", "add", "./broken.tgz"],
    status: 2,
    stdout: "",
    stderr:
      /^Installing \.\/broken\.tgz with npm into \S+\nlangchain-mini: npm install failed: TAR_BAD_ARCHIVE: Unrecognized archive format \(npm's whole output: (\S+npm-failure\.log)\)\n$/,
    check: ({ stderr }, { home }) => {
      const log = join(home, "plugins", "npm-failure.log");
      expect(stderr).toContain(log);
      expect(existsSync(log)).toBe(true);
      expect(readFileSync(log, "utf8")).toContain("npm error code TAR_BAD_ARCHIVE");
    },
  },
];

describe("hostile corpus: plug-ins that break the contract", () => {
  for (const hostile of [
    ...providerCases,
    brokenStream,
    ...toolCases,
    namedConstructor,
    ...factoryCases,
    ...getterCases,
    ...neverCases,
    ...pluginCommandCases,
  ]) {
    it(hostile.name, () => runHostileCase(hostile), 60_000);
  }
});
