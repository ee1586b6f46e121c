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
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { readmeInstall, registryLikeProject } from "./readme-install.js";
import { mustRun, npmInstall, runCommand, userEnv } from "./run-command.js";

/**
 * What a user gets from npm: every workspace package, packed once (src/global-setup.ts),
 * installed with plain npm into a project outside the workspace, then used there as a
 * library. npm may fetch third-party dependencies from the registry.
 * `--omit=optional --ignore-scripts` skips node-llama-cpp's prebuilt GPU builds and its
 * download-or-compile postinstall: the llamacpp provider is installed but not run here.
 * The CLI on its own, with plug-ins added, is installed-cli.test.ts.
 */
const root = resolve(import.meta.dirname, "../../..");
/** The packages under test: this package's dev dependencies, so turbo builds them first. */
const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "../package.json"), "utf8"));
const names = Object.keys(manifest.devDependencies as Record<string, string>);
const packed = inject("packed");
/** Those that are published (the examples are private). */
const published = names.filter((name) => {
  const found = workspaceManifests().find((workspace) => workspace.name === name);
  return found !== undefined && found.private !== true;
});

/** The Node types the workspace builds against, as a consumer project would have them. */
const NODE_TYPES = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).devDependencies[
  "@types/node"
];

let project: string;

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), "langchain-mini-consumer-"));
  writeFileSync(join(project, "package.json"), '{ "private": true, "type": "module" }\n');
  const tarballs = packed.map((entry) => entry.filename);
  await npmInstall(project, [
    "--omit=optional",
    "--ignore-scripts",
    ...tarballs,
    `@types/node@${NODE_TYPES}`,
  ]);
});

// The consumer project holds about 60 MB of node_modules.
afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

function installedManifest(name: string) {
  const path = join(project, "node_modules", name, "package.json");
  return { text: readFileSync(path, "utf8"), manifest: JSON.parse(readFileSync(path, "utf8")) };
}

describe("packed and installed outside the workspace", () => {
  it("packs every package of the workspace", () => {
    const workspace = workspaceManifests().map((found) => found.name);
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

describe("what a user installs", () => {
  it("npm pack and npm publish refuse a workspace package, saying to use pnpm", async () => {
    // pnpm leaves the guard out of the tarball: it is for packing from the workspace only.
    for (const name of published) {
      const found = workspaceManifests().find((workspace) => workspace.name === name);
      expect(found?.scripts?.prepack, `${name}: npm pack would ship workspace: ranges`).toBe(
        "node ../../scripts/refuse-npm-pack.js",
      );
    }
    for (const args of [
      ["pack", "--dry-run"],
      ["publish", "--dry-run"],
    ]) {
      const result = await runCommand("npm", args, { cwd: join(root, "packages", "core") });
      expect(result.stderr).toContain(
        "@langchain-mini/core: pack and publish with pnpm (pnpm pack, or pnpm release: see CONTRIBUTING.md); npm would ship 'workspace:' dependencies that no npm can install",
      );
      expect(result.status).not.toBe(0);
    }
  });

  // A package of ours arrives only if a manifest asks for it (core brings prompts), as
  // from the registry: the big install above would hide a dependency left undeclared.
  it.each(published)("%s installs as its README says, with nothing else named", async (name) => {
    const readme = readFileSync(join(project, "node_modules", name, "README.md"), "utf8");
    const named = readmeInstall(readme) ?? [];
    expect(named, `${name}: its README's install line`).toContain(name);
    const tarballs = new Map(packed.map((entry) => [entry.name, entry.filename]));
    const files = named.map((each) => tarballs.get(each) ?? `(no package named ${each})`);
    const alone = registryLikeProject(tarballs, named);
    try {
      await npmInstall(alone, ["--omit=optional", "--ignore-scripts", ...files]);
      for (const each of named) {
        const installed = JSON.parse(
          readFileSync(join(alone, "node_modules", each, "package.json"), "utf8"),
        );
        // The CLI is run (--version); a library is imported.
        const [command, args]: [string, string[]] = installed.bin
          ? [join(alone, "node_modules", ".bin", each), ["--version"]]
          : [process.execPath, ["--input-type=module", "-e", `await import("${each}")`]];
        await mustRun(command, args, { cwd: alone });
      }
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  });
});

/** Every package of the workspace but the tests: its manifest. */
function workspaceManifests(): {
  name: string;
  private?: boolean;
  scripts?: Record<string, string>;
}[] {
  return ["packages", "apps", "examples"].flatMap((folder) =>
    readdirSync(join(root, folder))
      .map((name) => join(root, folder, name, "package.json"))
      .filter((path) => existsSync(path))
      .map((path) => JSON.parse(readFileSync(path, "utf8"))),
  );
}

const CONSUMER_TSCONFIG = {
  compilerOptions: {
    module: "nodenext",
    target: "es2023",
    lib: ["es2023", "dom"],
    // core/testing's fake server base and provider contract are typed with Node's own
    // types, as a Node project has them.
    types: ["node"],
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
