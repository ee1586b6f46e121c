import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startFakeOllama } from "langchain-mini-llm-ollama/testing";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { npmInstall, runCommand, userEnv } from "./run-command.js";
import { hasTmux, Terminal } from "./terminal.js";

/**
 * The CLI as `npm install -g langchain-mini` gives it: the CLI's tarball installed with
 * plain npm into a prefix of its own (its @langchain-mini dependencies from their
 * tarballs, standing in for the registry; the rest from the registry through npm's
 * cache), its bin on PATH. Then, from a folder unrelated to both, the example plug-ins
 * are added from their tarballs with `plugins add` and used exactly like the built-ins.
 */
const root = resolve(import.meta.dirname, "../../..");
const packed = inject("packed");
const tarball = (name: string) => packed.find((entry) => entry.name === name)?.filename ?? name;

let prefix: string;
let home: string;
let elsewhere: string;

beforeAll(async () => {
  prefix = mkdtempSync(join(tmpdir(), "langchain-mini-global-"));
  home = mkdtempSync(join(tmpdir(), "langchain-mini-home-"));
  elsewhere = mkdtempSync(join(tmpdir(), "langchain-mini-elsewhere-"));
  writeFileSync(join(prefix, "package.json"), '{ "private": true }\n');
  await npmInstall(prefix, cliClosure().map(tarball));
});

afterAll(() => {
  for (const directory of [prefix, home, elsewhere]) {
    if (directory) rmSync(directory, { recursive: true, force: true });
  }
});

/** `langchain-mini <args>` from the unrelated folder, found on PATH as a global install is. */
function cli(args: readonly string[], env: Record<string, string> = {}) {
  const PATH = `${join(prefix, "node_modules", ".bin")}:${process.env.PATH ?? ""}`;
  const environment = userEnv({ PATH, LANGCHAIN_MINI_HOME: home, ...env });
  return runCommand("langchain-mini", args, { cwd: elsewhere, env: environment });
}

const lastLine = (text: string) => text.trimEnd().split("\n").at(-1);
const TOKYO = /Observation: \w+day \d{4}-\d\d-\d\d \d\d:\d\d:\d\d GMT\+09:00 \(Asia\/Tokyo\)\n/;
const OLLAMA = "langchain-mini-llm-ollama:llama3.2";
const TOOLS = "calculator,langchain-mini-tool-clock";

describe("the CLI installed on its own, with plug-ins added from tarballs", () => {
  it("takes at most 40 MB on disk: the bundle, core for plug-ins, and Ink", () => {
    const modules = join(prefix, "node_modules");
    const megabytes = diskUsage(modules) / 2 ** 20;
    expect(megabytes).toBeLessThanOrEqual(40);
    // No SDK comes as a package: the built-in providers, tools and stores are in the bundle.
    const installed = readdirSync(modules, { recursive: true }).map(String);
    for (const sdk of ["openai", "@anthropic-ai", "@google", "@modelcontextprotocol", "@redis"]) {
      expect(
        installed.filter((path) => path.split("/").includes(sdk)),
        sdk,
      ).toEqual([]);
    }
  });

  it("brings no llama.cpp, and says how to add it", async () => {
    const installed = readdirSync(join(prefix, "node_modules"), { recursive: true });
    expect(installed.filter((path) => /node-llama-cpp|llm-llamacpp/.test(String(path)))).toEqual(
      [],
    );
    const result = await cli(["ask", "--llm", "llamacpp:model.gguf", "What is 2+2?"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "langchain-mini: llamacpp is an add-on that is not installed: run langchain-mini plugins add @langchain-mini/llm-llamacpp\n",
    );
  });

  it("adds the example tool and provider and lists them with their kind", async () => {
    for (const name of ["langchain-mini-tool-clock", "langchain-mini-llm-ollama"]) {
      const added = await cli(["plugins", "add", tarball(name)]);
      expect(added.status, added.stderr).toBe(0);
      expect(added.stdout).toMatch(new RegExp(`^Added ${name} 0\\.1\\.0 \\((tool|provider)\\)`));
    }
    // Their peer dependency is the installed CLI's own core, not a copy from a registry.
    const linked = join(home, "plugins", "node_modules", "@langchain-mini", "core");
    const own = join(prefix, "node_modules", "@langchain-mini", "core");
    expect(realpathSync(linked)).toBe(realpathSync(own));
    const listed = await cli(["plugins", "list"]);
    expect(listed.stdout).toMatch(/^langchain-mini-llm-ollama\t0\.1\.0\tprovider {2}Ollama/m);
    expect(listed.stdout).toMatch(/^langchain-mini-tool-clock\t0\.1\.0\ttool {2}the date/m);
  });

  it("answers with them in the ReAct mode, the tool's notice shown", async () => {
    const ollama = await startFakeOllama([
      " I need the time there.\nAction: clock\nAction Input: Asia/Tokyo",
      " Now the power.\nAction: calculator\nAction Input: 2^10",
      " I now know the final answer\nFinal Answer: It is night in Tokyo, and 2^10 is 1024.",
    ]);
    try {
      const question = "What time is it in Tokyo, and what is 2^10?";
      const env = { OLLAMA_HOST: ollama.host, TZ: "Mars/Olympus" };
      const result = await cli(["ask", "--llm", `${OLLAMA}:1b`, "--tools", TOOLS, question], env);
      expect(result.stdout).toBe("It is night in Tokyo, and 2^10 is 1024.\n");
      expect(result.stderr).toMatch(TOKYO);
      expect(result.stderr).toContain("Observation: 1024\n");
      expect(result.stderr).toContain(
        "TZ=Mars/Olympus is not an IANA time zone such as Europe/Paris: the clock uses the machine's zone\n",
      );
      expect(result.status).toBe(0);
      expect(ollama.requests.map((request) => request.path)).toEqual(
        Array(3).fill("/api/generate"),
      );
      expect(ollama.requests[0]?.body).toMatchObject({ model: "llama3.2:1b", stream: true });
      // The plug-in's tools are offered to the model by their own names and descriptions.
      expect(String(ollama.requests[0]?.body.prompt)).toMatch(/clock: Useful for getting the/);
      expect(String(ollama.requests[0]?.body.prompt)).toMatch(/days_between: Counts the days/);
    } finally {
      await ollama.close();
    }
  });

  it("answers with them in the function-calling mode (--agent tools)", async () => {
    const ollama = await startFakeOllama([
      {
        toolCalls: [
          { name: "clock", arguments: { input: "Asia/Tokyo" } },
          { name: "days_between", arguments: { from: "2026-11-23", to: "2027-01-01" } },
        ],
      },
      "It is night in Tokyo, 39 days before the new year.",
    ]);
    try {
      const question = "What time is it in Tokyo, and how long until 2027?";
      const args = ["ask", "--agent", "tools", "--llm", OLLAMA, "--tools", TOOLS, question];
      const result = await cli(args, { OLLAMA_HOST: ollama.host });
      expect(result.stdout).toBe("It is night in Tokyo, 39 days before the new year.\n");
      expect(result.stderr).toMatch(TOKYO);
      expect(result.stderr).toContain("Observation: 39 days from 2026-11-23 to 2027-01-01\n");
      expect(result.status).toBe(0);
      expect(ollama.requests.map((request) => request.path)).toEqual(["/api/chat", "/api/chat"]);
      const offered = ollama.requests[0]?.body.tools as { function: { name: string } }[];
      expect(offered.map((tool) => tool.function.name)).toEqual([
        "calculator",
        "clock",
        "days_between",
      ]);
    } finally {
      await ollama.close();
    }
  });

  it("works with them in the terminal UI", async () => {
    if (!hasTmux) throw new Error("This test needs tmux: apt-get install tmux (.ci/run does this)");
    const ollama = await startFakeOllama([
      " I need the time there.\nAction: clock\nAction Input: Asia/Tokyo",
      " I now know the final answer\nFinal Answer: It is night in Tokyo.",
    ]);
    const PATH = `${join(prefix, "node_modules", ".bin")}:${process.env.PATH ?? ""}`;
    const terminal = new Terminal(
      userEnv({ PATH, LANGCHAIN_MINI_HOME: home, OLLAMA_HOST: ollama.host }),
    );
    try {
      terminal.start(`cd '${elsewhere}' && langchain-mini --llm ${OLLAMA} --tools ${TOOLS}`);
      await terminal.waitFor(/How can I help\?/);
      terminal.send("What time is it in Tokyo?", true);
      terminal.send("Enter");
      const screen = await terminal.waitFor(/It is night in Tokyo\./);
      expect(screen).toMatch(/Observation: \w+day \d{4}-\d\d-\d\d \d\d:\d\d:\d\d GMT\+09:00/);
      expect(screen).toContain("ollama:llama3.2");
    } finally {
      terminal.kill();
      await ollama.close();
    }
  });

  it("removes one, after which asking for it is one line", async () => {
    const removed = await cli(["plugins", "remove", "langchain-mini-tool-clock"]);
    expect([removed.status, removed.stdout]).toEqual([0, "Removed langchain-mini-tool-clock\n"]);
    expect((await cli(["plugins", "list"])).stdout).not.toContain("langchain-mini-tool-clock");
    const result = await cli(["ask", "--llm", OLLAMA, "--tools", TOOLS, "What time is it?"]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(lastLine(result.stderr)).toMatch(
      /^langchain-mini: Unknown tool 'langchain-mini-tool-clock' in --tools: it is neither built in \([a-z, ]+\) nor installed; add a tool package with langchain-mini plugins add <package>, or name a file such as \.\/my-tool\.js$/,
    );
  });
});

/** What a folder takes on disk, in bytes: its files' blocks, as `du` counts them. */
function diskUsage(path: string): number {
  const stats = lstatSync(path);
  if (!stats.isDirectory()) return stats.blocks * 512;
  return readdirSync(path).reduce(
    (sum, name) => sum + diskUsage(join(path, name)),
    stats.blocks * 512,
  );
}

/** The CLI and the packages of ours it depends on, as npm would fetch them. */
function cliClosure() {
  const wanted = ["langchain-mini"];
  for (const name of wanted) {
    for (const dependency of Object.keys(workspaceManifest(name).dependencies ?? {})) {
      const ours = packed.some((entry) => entry.name === dependency);
      if (ours && !wanted.includes(dependency)) wanted.push(dependency);
    }
  }
  return wanted;
}

/** A workspace package's manifest: its dependencies are the packed one's, by name. */
function workspaceManifest(name: string): { dependencies?: Record<string, string> } {
  for (const folder of ["apps", "packages"]) {
    for (const directory of readdirSync(join(root, folder))) {
      const path = join(root, folder, directory, "package.json");
      const manifest = existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : {};
      if (manifest.name === name) return manifest;
    }
  }
  throw new Error(`No workspace package is named ${name}`);
}
