import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOllama } from "./fake-ollama.js";
import { mustRun, runCommand, userEnv } from "./run-command.js";
import { hasTmux, Terminal } from "./terminal.js";

/**
 * What a user gets from npm: every workspace package packed with `pnpm pack` (which turns
 * `workspace:^` into versions), installed with plain npm into a project outside the
 * workspace, then used there. npm may fetch third-party dependencies from the registry.
 * `--omit=optional --ignore-scripts` skips node-llama-cpp's prebuilt GPU builds and its
 * download-or-compile postinstall: the llamacpp provider is installed but not run here.
 */
const root = resolve(import.meta.dirname, "../../..");
/** The packages under test: this package's dev dependencies, so turbo builds them first. */
const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "../package.json"), "utf8"));
const names = Object.keys(manifest.devDependencies as Record<string, string>);

interface Packed {
  readonly name: string;
  readonly filename: string;
  readonly files: readonly { readonly path: string }[];
}

let packed: Packed[];
let project: string;
let destination: string;

beforeAll(async () => {
  destination = mkdtempSync(join(tmpdir(), "langchain-mini-packs-"));
  const filters = names.flatMap((name) => ["--filter", name]);
  const pack = await mustRun(
    "pnpm",
    ["-r", ...filters, "pack", "--pack-destination", destination, "--json"],
    { cwd: root },
  );
  packed = JSON.parse(pack.stdout) as Packed[];

  project = mkdtempSync(join(tmpdir(), "langchain-mini-consumer-"));
  writeFileSync(join(project, "package.json"), '{ "private": true, "type": "module" }\n');
  const install = ["install", "--no-audit", "--no-fund", "--omit=optional", "--ignore-scripts"];
  // npm's default is to wait minutes per request: an unreachable registry should fail fast.
  const network = ["--fetch-timeout=30000", "--fetch-retries=1"];
  const tarballs = packed.map((entry) => entry.filename);
  await mustRun("npm", [...install, ...network, "--loglevel=error", ...tarballs], { cwd: project });
});

// The consumer project holds about 60 MB of node_modules.
afterAll(() => {
  for (const directory of [project, destination]) {
    if (directory) rmSync(directory, { recursive: true, force: true });
  }
});

function installedManifest(name: string) {
  const path = join(project, "node_modules", name, "package.json");
  return { text: readFileSync(path, "utf8"), manifest: JSON.parse(readFileSync(path, "utf8")) };
}

describe("packed and installed outside the workspace", () => {
  it("packs every package of the workspace", () => {
    const workspace = ["packages", "apps", "examples"].flatMap((folder) =>
      readdirSync(join(root, folder))
        .map((name) => join(root, folder, name, "package.json"))
        .filter((path) => existsSync(path))
        .map((path) => JSON.parse(readFileSync(path, "utf8")).name as string),
    );
    const missing = workspace.filter((name) => !names.includes(name));
    expect(missing, "add these to tests/pack-install/package.json devDependencies").toEqual([]);
    expect(packed.map((entry) => entry.name).sort()).toEqual([...names].sort());
  });

  it("every tarball is complete and points nowhere into the workspace", () => {
    for (const { name, files } of packed) {
      const { text, manifest } = installedManifest(name);
      const paths = files.map((file) => file.path);
      const where = `${name}: `;
      expect(text, `${where}workspace: protocol left in`).not.toContain("workspace:");
      expect(text, `${where}a link into the workspace`).not.toMatch(/"(link|file):/);
      expect(manifest.license, where).toBe("MIT");
      expect(paths, where).toEqual(
        expect.arrayContaining(["LICENSE", "README.md", "package.json"]),
      );
      expect(
        paths.filter((path) => /\.test\.|test-support/.test(path)),
        where,
      ).toEqual([]);
      expect(manifest.type, where).toBe("module");
      expect(manifest.sideEffects, where).toBe(false);
      expect(manifest.engines?.node, where).toBe(">=22");
      expect(manifest.exports?.["./package.json"], where).toBe("./package.json");
      expect(manifest.publishConfig?.access, where).toBe("public");
      expect(manifest.scripts?.["lint:package"], `${where}no publint/attw check`).toBeTruthy();
      const directory = relative(root, packageDirectory(manifest.repository?.directory));
      expect(manifest.repository?.directory, where).toBe(directory);
      expect(manifest.homepage, where).toMatch(/^https:\/\/github\.com\/langchain-mini\//);
      for (const target of exportTargets(manifest.exports)) {
        expect(paths, `${where}exports ${target}`).toContain(target.replace(/^\.\//, ""));
      }
      // Plug-ins (tools, providers, memory and stores) share the app's copy of core.
      if (/(^|[/-])(tool|llm)-|\/memory(-|$)/.test(name)) {
        expect(manifest.peerDependencies?.["@langchain-mini/core"], where).toMatch(/^\^\d/);
        expect(manifest.dependencies?.["@langchain-mini/core"], where).toBeUndefined();
      }
    }
  });

  it("runs a small agent with the scripted LLM and the calculator, type-checked", async () => {
    copyFileSync(join(import.meta.dirname, "../fixtures/agent.ts"), join(project, "agent.ts"));
    writeFileSync(join(project, "tsconfig.json"), JSON.stringify(CONSUMER_TSCONFIG));
    await mustRun(join(root, "node_modules/.bin/tsc"), ["-p", "."], { cwd: project });
    const { stdout } = await mustRun(process.execPath, ["agent.ts"], { cwd: project });
    expect(stdout).toBe(
      [
        "observation: 404.6",
        "answer: There are 404.6 five year periods in 2023.",
        "plug-ins: clock, days_between, ollama:llama3.2",
        "",
      ].join("\n"),
    );
  });

  it("runs the example plug-ins from their tarballs through the installed CLI", async () => {
    const ollama = await startFakeOllama([
      " I need the time there.\nAction: clock\nAction Input: Asia/Tokyo",
      " Now the power.\nAction: calculator\nAction Input: 2^10",
      " I now know the final answer\nFinal Answer: It is night in Tokyo, and 2^10 is 1024.",
    ]);
    try {
      const result = await npx(
        "langchain-mini",
        [
          "ask",
          "--llm",
          "langchain-mini-llm-ollama:llama3.2:1b",
          "--tools",
          "calculator,langchain-mini-tool-clock",
          "What time is it in Tokyo, and what is 2^10?",
        ],
        { OLLAMA_HOST: ollama.host },
      );
      expect(result.stderr).toMatch(
        /Observation: \w+day \d{4}-\d\d-\d\d \d\d:\d\d:\d\d GMT\+09:00 \(Asia\/Tokyo\)\n/,
      );
      expect(result.stderr).toContain("Observation: 1024\n");
      expect(result.stdout).toBe("It is night in Tokyo, and 2^10 is 1024.\n");
      expect(result.status).toBe(0);
      expect(ollama.requests).toHaveLength(3);
      expect(ollama.requests[0]).toMatchObject({ model: "llama3.2:1b", stream: true });
      // The plug-in tool is offered to the model by its own name and description.
      expect(String(ollama.requests[0]?.prompt)).toMatch(/clock: Useful for getting the current/);
    } finally {
      await ollama.close();
    }
  });

  it("runs the example plug-ins in the installed terminal UI", async () => {
    if (!hasTmux) throw new Error("This test needs tmux: apt-get install tmux (.ci/run does this)");
    const ollama = await startFakeOllama([
      " I need the time there.\nAction: clock\nAction Input: Asia/Tokyo",
      " I now know the final answer\nFinal Answer: It is night in Tokyo.",
    ]);
    const terminal = new Terminal(userEnv({ OLLAMA_HOST: ollama.host }));
    try {
      const options =
        "--llm langchain-mini-llm-ollama:llama3.2 --tools calculator,langchain-mini-tool-clock";
      terminal.start(`cd '${project}' && npx langchain-mini ${options}`);
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

  it("the installed CLI says in one line when a module is not the plug-in asked for", async () => {
    const result = await npx("langchain-mini", [
      "ask",
      "--llm",
      "langchain-mini-tool-clock:x",
      "What time is it?",
    ]);
    expect(result.status).toBe(2);
    // npx itself may warn first (about the user's .npmrc); ours is one line, the last.
    expect(result.stderr.trimEnd().split("\n").at(-1)).toMatch(
      /^langchain-mini: 'langchain-mini-tool-clock' is not a langchain-mini LLM provider module: it does not export createLlm\(\{ model, env \}\) \(see \S+\)$/,
    );
  });
});

const CONSUMER_TSCONFIG = {
  compilerOptions: {
    module: "nodenext",
    target: "es2023",
    lib: ["es2023", "dom"],
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    allowImportingTsExtensions: true,
  },
  files: ["agent.ts"],
};

/**
 * `npx <bin>` in the consumer project, with a user's environment (no workspace variables).
 * The bin is installed there, so npx runs it and installs nothing.
 */
function npx(bin: string, args: readonly string[], env: Record<string, string> = {}) {
  return runCommand("npx", [bin, ...args], { cwd: project, env: userEnv(env) });
}

/** The workspace folder that a manifest's repository.directory names. */
function packageDirectory(directory: string | undefined) {
  const path = resolve(root, directory ?? "(none)");
  return existsSync(join(path, "package.json")) ? path : resolve(root, "(missing)");
}

/** Every file an exports map points at (conditions and subpaths, nested). */
function exportTargets(exports: unknown): string[] {
  if (typeof exports === "string") return [exports];
  if (typeof exports !== "object" || exports === null) return [];
  return Object.values(exports).flatMap(exportTargets);
}
