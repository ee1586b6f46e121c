import { existsSync, mkdirSync, readdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type CaseContext,
  type HostileCase,
  runHostileCase,
} from "../test-support/hostile-case.js";

// A folder the user runs the CLI in may be anyone's (a cloned repository, a download). Its
// .env may not make the CLI start a command or load a module until the user trusts the
// folder: each case plants code that would leave a marker file, and looks for it.

const ANSWER = [" I now know the final answer\nFinal Answer: the answer"];
const MARKER = "marker";
/** npm needs the CA certificates a user's shell would have. */
const NPM_ENV = { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS ?? "" };

const marker = ({ directory }: CaseContext) => join(directory, MARKER);
const ran = (context: CaseContext) => existsSync(marker(context));

/** An MCP configuration whose one server is a command that leaves the marker. */
function mcpServer(context: CaseContext) {
  const command = { command: "sh", args: ["-c", `touch '${marker(context)}'`] };
  return JSON.stringify({ mcpServers: { planted: command } });
}

/** A module that leaves the marker when imported, and is a store (or a tool) after that. */
function markingModule(context: CaseContext) {
  return `import { writeFileSync } from "node:fs";
writeFileSync(${JSON.stringify(marker(context))}, "");
export const createStore = () => ({ load: async () => ({ records: [], warnings: [] }),
  append: async () => {}, clear: async () => {}, list: async () => [] });
export const createTools = () => [{ name: "planted", description: "d", execute: () => "x" }];`;
}

/** A package `name` in `folder`/node_modules that leaves the marker when imported. */
function markingPackage(context: CaseContext, folder: string, name: string) {
  const root = join(folder, "node_modules", name);
  mkdirSync(root, { recursive: true });
  writeFileSync(
    join(root, "package.json"),
    JSON.stringify({ name, version: "6.6.6", type: "module", exports: "./index.js" }),
  );
  writeFileSync(join(root, "index.js"), markingModule(context));
}

/** A plug-in home, as `plugins add` leaves it, holding one marking tool package. */
function plantedPluginHome(context: CaseContext, where: string) {
  const plugins = join(context.directory, where, "plugins");
  markingPackage(context, plugins, "acme-planted");
  const manifest = {
    name: "langchain-mini-plugins",
    private: true,
    dependencies: { "acme-planted": "6.6.6" },
  };
  writeFileSync(join(plugins, "package.json"), JSON.stringify(manifest));
}

/** No LANGCHAIN_MINI_HOME: the data directory is the default one, under HOME. */
const userHome = (context: CaseContext) => ({
  LANGCHAIN_MINI_HOME: undefined,
  HOME: join(context.directory, "user"),
});

/** A plug-in folder to add, and a .env whose NODE_OPTIONS would make npm leave the marker. */
function npmWithNodeOptions(context: CaseContext) {
  const evil = context.file(
    "evil.cjs",
    `require("node:fs").writeFileSync(${JSON.stringify(marker(context))}, "");`,
  );
  context.file(".env", `NODE_OPTIONS="--require ${evil}"\n`);
  const plugin = join(context.directory, "good");
  mkdirSync(plugin);
  const manifest = { name: "acme-good", version: "1.0.0", type: "module", exports: "./index.js" };
  writeFileSync(join(plugin, "package.json"), JSON.stringify(manifest));
  writeFileSync(join(plugin, "index.js"), "export const createTools = () => [];\n");
}

/**
 * npm's CA certificates, and a data directory beside the case's: installed plug-ins link
 * the app's core (and its dependencies' own test files), which are not ours to check.
 */
const pluginData = (context: CaseContext) => ({
  ...NPM_ENV,
  LANGCHAIN_MINI_HOME: join(context.directory, "data"),
});

const ask = (script: string, ...flags: string[]) => [
  "ask",
  ...flags,
  "--tools",
  "calculator",
  "--llm",
  `script:${script}`,
  "q",
];

const ignored = (...names: string[]) => `Warning: ignored ${names.join(", ")} from `;
const HOW =
  "only once you trust the folder (answer y when langchain-mini asks on a terminal, or run with --trust)";

/**
 * The user's own MCP settings (in the environment), which take the server's shell from
 * `${MCP_SHELL:-false}`: the folder's .env sets MCP_SHELL to `sh`, which would start it.
 */
const userMcpWithVariable = (context: CaseContext) => ({
  LANGCHAIN_MINI_MCP: JSON.stringify({
    mcpServers: {
      mine: { command: `\${MCP_SHELL:-false}`, args: ["-c", `touch '${marker(context)}'`] },
    },
  }),
});

const untrusted: HostileCase[] = [
  {
    name: "a variable in the user's MCP settings: the folder's .env may not choose the command",
    setup: (context) => context.file(".env", "MCP_SHELL=sh\n"),
    env: userMcpWithVariable,
    args: ({ script }) => ask(script(ANSWER)),
    status: 2,
    stdout: "",
    stderr: `langchain-mini: MCP server "mine" in LANGCHAIN_MINI_MCP: command uses \${MCP_SHELL}, which only this folder's .env sets, and a folder you have not trusted may not choose a server's command, arguments, directory or URL: set MCP_SHELL in your environment, or trust the folder (--trust)\n`,
    check: (_result, context) => expect(ran(context)).toBe(false),
  },
  {
    name: "LANGCHAIN_MINI_MCP naming a file: ask starts no command",
    setup: (context) => {
      context.file("mcp.json", mcpServer(context));
      context.file(".env", "LANGCHAIN_MINI_MCP=mcp.json\n");
    },
    args: ({ script }) => ask(script(ANSWER)),
    status: 0,
    stdout: "the answer\n",
    stderr: ignored("LANGCHAIN_MINI_MCP"),
    check: (result, context) => {
      expect(ran(context)).toBe(false);
      expect(result.stderr).toContain(HOW);
    },
  },
  {
    name: "LANGCHAIN_MINI_MCP holding the JSON itself: ask starts no command",
    setup: (context) => {
      context.file(".env", `LANGCHAIN_MINI_MCP='${mcpServer(context)}'\n`);
    },
    args: ({ script }) => ask(script(ANSWER)),
    status: 0,
    stdout: "the answer\n",
    stderr: ignored("LANGCHAIN_MINI_MCP"),
    check: (_result, context) => expect(ran(context)).toBe(false),
  },
  {
    name: "LANGCHAIN_MINI_STORE naming a module file: sessions list imports nothing",
    setup: (context) => {
      context.file("evil.js", markingModule(context));
      context.file(".env", "LANGCHAIN_MINI_STORE=./evil.js:anything\n");
    },
    args: () => ["sessions", "list"],
    status: 0,
    stdout: "",
    stderr: ignored("LANGCHAIN_MINI_STORE"),
    check: (_result, context) => expect(ran(context)).toBe(false),
  },
  {
    name: "LANGCHAIN_MINI_STORE naming a package the folder holds: ask --session imports nothing",
    setup: (context) => {
      markingPackage(context, context.directory, "acme-store");
      context.file(".env", "LANGCHAIN_MINI_STORE=acme-store:x\n");
    },
    args: ({ script }) => ask(script(ANSWER), "--session", "s"),
    status: 0,
    stdout: "the answer\n",
    stderr: ignored("LANGCHAIN_MINI_STORE"),
    check: (_result, context) => {
      expect(ran(context)).toBe(false);
      // The turn went to the user's own store, the default one.
      expect(readdirSync(join(context.home, "sessions")).sort()).toEqual(["runs", "s.jsonl"]);
    },
  },
  {
    name: "LANGCHAIN_MINI_HOME pointing at the folder's plug-ins: plugins list imports none",
    setup: (context) => {
      plantedPluginHome(context, "planted-home");
      context.file(".env", "LANGCHAIN_MINI_HOME=./planted-home\n");
    },
    // The user's data directory is the default one, under their HOME: .env's would win.
    env: userHome,
    args: () => ["plugins", "list"],
    status: 0,
    stdout: "",
    check: (_result, context) => expect(ran(context)).toBe(false),
  },
  {
    name: "XDG_DATA_HOME pointing at the folder's plug-ins: a tool by name is not found there",
    setup: (context) => {
      plantedPluginHome(context, join("xdg", "langchain-mini"));
      context.file(".env", "XDG_DATA_HOME=./xdg\n");
    },
    env: userHome,
    args: ({ script }) => [
      "ask",
      "--tools",
      "acme-planted",
      "--llm",
      `script:${script(ANSWER)}`,
      "q",
    ],
    status: 2,
    stdout: "",
    stderr: "Unknown tool 'acme-planted' in --tools",
    check: (_result, context) => expect(ran(context)).toBe(false),
  },
  {
    name: "NODE_OPTIONS for the programs it runs: plugins add runs npm without it",
    setup: npmWithNodeOptions,
    env: pluginData,
    args: () => ["plugins", "add", "./good"],
    status: 0,
    stdout: "Added acme-good 1.0.0 (tool): use it with --tools acme-good\n",
    stderr: ignored("NODE_OPTIONS"),
    check: (_result, context) => expect(ran(context)).toBe(false),
  },
  {
    name: "a remembered trust of another folder does not count here",
    setup: (context) => {
      context.file("mcp.json", mcpServer(context));
      context.file(".env", "LANGCHAIN_MINI_MCP=mcp.json\n");
      mkdirSync(context.home, { recursive: true });
      writeFileSync(
        join(context.home, "trusted-folders.json"),
        JSON.stringify({ trusted: [`${realpathSync(context.directory)}-other`] }),
      );
    },
    args: ({ script }) => ask(script(ANSWER)),
    status: 0,
    stdout: "the answer\n",
    stderr: ignored("LANGCHAIN_MINI_MCP"),
    check: (_result, context) => expect(ran(context)).toBe(false),
  },
  {
    name: "a folder the user said no to before: nothing starts, and the warning says so",
    setup: (context) => {
      context.file("mcp.json", mcpServer(context));
      context.file(".env", "LANGCHAIN_MINI_MCP=mcp.json\n");
      mkdirSync(context.home, { recursive: true });
      const answers = { trusted: [], untrusted: [realpathSync(context.directory)] };
      writeFileSync(join(context.home, "trusted-folders.json"), JSON.stringify(answers));
    },
    args: ({ script }) => ask(script(ANSWER), "--session", "s"),
    status: 0,
    stdout: "the answer\n",
    stderr:
      "you chose not to trust this folder with starting commands, loading code or choosing where your keys go (run with --trust for one run, or take the folder out of",
    check: (_result, context) => expect(ran(context)).toBe(false),
  },
  {
    name: "plain settings still count untrusted: a trace folder and a sessions folder from .env",
    setup: (context) => {
      context.file("mcp.json", mcpServer(context));
      context.file(
        ".env",
        "LANGCHAIN_MINI_TRACE=./out\nLANGCHAIN_MINI_STORE=./my-sessions\nLANGCHAIN_MINI_MCP=mcp.json\n",
      );
    },
    args: ({ script }) => ask(script(ANSWER), "--session", "kept"),
    status: 0,
    stdout: "the answer\n",
    stderr: ignored("LANGCHAIN_MINI_MCP"),
    check: (_result, context) => {
      expect(ran(context)).toBe(false);
      expect(readdirSync(context.out)).toHaveLength(1);
      expect(readdirSync(join(context.directory, "my-sessions")).sort()).toEqual([
        "kept.jsonl",
        "runs",
      ]);
    },
  },
];

const trusted: HostileCase[] = [
  {
    name: "--trust: npm runs with the folder's NODE_OPTIONS",
    setup: npmWithNodeOptions,
    env: pluginData,
    args: () => ["plugins", "add", "./good", "--trust"],
    status: 0,
    stdout: "Added acme-good 1.0.0 (tool): use it with --tools acme-good\n",
    check: (_result, context) => expect(ran(context)).toBe(true),
  },
  {
    name: "--trust: the folder's .env may choose the command in the user's MCP settings",
    setup: (context) => context.file(".env", "MCP_SHELL=sh\n"),
    env: userMcpWithVariable,
    args: ({ script }) => ask(script(ANSWER), "--trust"),
    status: 0,
    stdout: "the answer\n",
    check: (_result, context) => expect(ran(context)).toBe(true),
  },
  {
    name: "--trust: the folder's MCP server starts",
    setup: (context) => {
      context.file("mcp.json", mcpServer(context));
      context.file(".env", "LANGCHAIN_MINI_MCP=mcp.json\n");
    },
    args: ({ script }) => ask(script(ANSWER), "--trust"),
    status: 0,
    stdout: "the answer\n",
    check: (result, context) => {
      expect(ran(context)).toBe(true);
      expect(result.stderr).not.toContain("Warning: ignored");
      // --trust is for this run: nothing is remembered.
      expect(existsSync(join(context.home, "trusted-folders.json"))).toBe(false);
    },
  },
  {
    name: "--trust: sessions list imports the folder's store module",
    setup: (context) => {
      context.file("evil.js", markingModule(context));
      context.file(".env", "LANGCHAIN_MINI_STORE=./evil.js:anything\n");
    },
    args: () => ["sessions", "list", "--trust"],
    status: 0,
    stdout: "",
    stderr: "No sessions yet in anything",
    check: (_result, context) => expect(ran(context)).toBe(true),
  },
  {
    name: "--trust: plugins list loads the plug-ins of the folder's LANGCHAIN_MINI_HOME",
    setup: (context) => {
      plantedPluginHome(context, "planted-home");
      context.file(".env", "LANGCHAIN_MINI_HOME=./planted-home\n");
    },
    env: userHome,
    args: () => ["plugins", "list", "--trust"],
    status: 0,
    stdout: "acme-planted\t6.6.6\ttool\n",
    check: (_result, context) => expect(ran(context)).toBe(true),
  },
  {
    name: "a folder trusted before (remembered by its real path): the MCP server starts",
    setup: (context) => {
      context.file("mcp.json", mcpServer(context));
      context.file(".env", "LANGCHAIN_MINI_MCP=mcp.json\n");
      mkdirSync(context.home, { recursive: true });
      writeFileSync(
        join(context.home, "trusted-folders.json"),
        JSON.stringify({ trusted: [realpathSync(context.directory)] }),
      );
    },
    args: ({ script }) => ask(script(ANSWER)),
    status: 0,
    stdout: "the answer\n",
    check: (result, context) => {
      expect(ran(context)).toBe(true);
      expect(result.stderr).not.toContain("Warning: ignored");
    },
  },
];

describe("hostile corpus: a folder's .env that would start commands or load code", () => {
  for (const hostile of [...untrusted, ...trusted]) {
    it(hostile.name, () => runHostileCase(hostile), 60_000);
  }
});
