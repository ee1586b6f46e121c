import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli, tempDir, writeScript } from "../test-support/cli.js";

/**
 * `plugins add` runs the user's npm on tarballs packed here: offline, since nothing they
 * depend on comes from a registry (core is the app's own, linked). npm needs the CA
 * certificates a user's shell would have.
 */
const NPM_ENV = { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS ?? "" };

/** A tool that imports core, and tells which copy it got. */
const WHERE_TOOL = `import { LangchainMiniError } from "@langchain-mini/core";
export const description = "says where core is";
export function createTools() {
  if (typeof LangchainMiniError !== "function") throw new Error("no core");
  return [{ name: "where", description: "Says where core is.", execute: () => import.meta.resolve("@langchain-mini/core") }];
}`;

let packs: string;
let home: string;

beforeAll(() => {
  packs = tempDir();
  home = tempDir();
  pack("acme-where", WHERE_TOOL, "^0.1.0");
  pack("acme-nothing", "export const nothing = 1;\n", "^0.1.0");
  pack("acme-future", WHERE_TOOL, "^9.0.0");
});

/** An npm tarball in `packs`, as a third party would publish it. */
function pack(name: string, source: string, core: string) {
  const directory = join(tempDir(), name);
  mkdirSync(directory);
  const manifest = {
    name,
    version: "1.0.0",
    type: "module",
    exports: "./index.js",
    peerDependencies: { "@langchain-mini/core": core },
  };
  writeFileSync(join(directory, "package.json"), JSON.stringify(manifest));
  writeFileSync(join(directory, "index.js"), source);
  execFileSync("npm", ["pack", "--silent", "--pack-destination", packs], {
    cwd: directory,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...NPM_ENV },
  });
}

/** `langchain-mini plugins …` from a folder that has nothing to do with the plug-ins. */
const cli = (args: readonly string[], cwd = tempDir()) =>
  runCli(args, { cwd, env: { LANGCHAIN_MINI_HOME: home, ...NPM_ENV } });

const lastLine = (text: string) => text.trimEnd().split("\n").at(-1);

describe("plugins add, list and remove", { timeout: 120_000 }, () => {
  it("adds a tarball that then loads by name anywhere, sharing the app's core", async () => {
    const added = await cli(["plugins", "add", join(packs, "acme-where-1.0.0.tgz")]);
    expect(added.stdout).toBe("Added acme-where 1.0.0 (tool): use it with --tools acme-where\n");
    expect(added.status).toBe(0);
    const listed = await cli(["plugins", "list"]);
    expect(listed.stdout).toBe("acme-where\t1.0.0\ttool  says where core is\n");

    const project = tempDir();
    const script = writeScript(project, [
      " I should look.\nAction: where\nAction Input: core",
      " I now know the final answer\nFinal Answer: found it",
    ]);
    const asked = await cli(
      ["ask", "--llm", `script:${script}`, "--tools", "acme-where", "q"],
      project,
    );
    expect(asked.stdout).toBe("found it\n");
    const core = fileURLToPath(import.meta.resolve("@langchain-mini/core"));
    const theAppsCore = pathToFileURL(realpathSync(core)).href;
    expect(asked.stderr).toContain(`Observation: ${theAppsCore}\n`);

    const removed = await cli(["plugins", "remove", "acme-where"]);
    expect([removed.status, removed.stdout]).toEqual([0, "Removed acme-where\n"]);
    const again = await cli(
      ["ask", "--llm", `script:${script}`, "--tools", "acme-where", "q"],
      project,
    );
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(
      /^langchain-mini: Unknown tool 'acme-where' in --tools: it is neither built in \([a-z, ]+\) nor installed; add a tool package with langchain-mini plugins add <package>, or name a file such as \.\/my-tool\.js\n$/,
    );
  });

  it("removes again a package that is not a plug-in, saying why", async () => {
    const result = await cli(["plugins", "add", join(packs, "acme-nothing-1.0.0.tgz")]);
    expect(result.status).toBe(2);
    expect(lastLine(result.stderr)).toBe(
      "langchain-mini: acme-nothing is not a langchain-mini plug-in: it exports none of createLlm, createTools and createStore, so it was removed again",
    );
    expect((await cli(["plugins", "list"])).stdout).not.toContain("acme-nothing");
  });

  it("says in one line that a plug-in was made for another langchain-mini", async () => {
    const result = await cli(["plugins", "add", join(packs, "acme-future-1.0.0.tgz")]);
    expect(result.status).toBe(2);
    const log = join(home, "plugins", "npm-failure.log");
    // npm's own report is not shown: one line of ours says what went wrong, and where the rest is.
    expect(result.stderr.trimEnd().split("\n")).toEqual([
      `Installing ${join(packs, "acme-future-1.0.0.tgz")} with npm into ${join(home, "plugins")}`,
      expect.stringMatching(
        /^langchain-mini: npm install failed: acme-future@1\.0\.0 needs @langchain-mini\/core \^9\.0\.0, and this langchain-mini has \d+\.\d+\.\d+\S*: update langchain-mini, or add a version of the plug-in made for this one \(npm's whole output: (.+)\)$/,
      ),
    ]);
    expect(lastLine(result.stderr)).toContain(`(npm's whole output: ${log})`);
    expect(readFileSync(log, "utf8")).toContain("npm error code ERESOLVE");
  });

  it("leaves a plug-in list it cannot read as it was, and says how to go on", async () => {
    const broken = tempDir();
    mkdirSync(join(broken, "plugins"));
    writeFileSync(join(broken, "plugins", "package.json"), "{ my notes");
    const result = await runCli(["plugins", "add", join(packs, "acme-where-1.0.0.tgz")], {
      env: { LANGCHAIN_MINI_HOME: broken, ...NPM_ENV },
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      `langchain-mini: ${join(broken, "plugins", "package.json")} is not an npm package.json: fix it, or move it away to start a new plug-in list\n`,
    );
    expect(readFileSync(join(broken, "plugins", "package.json"), "utf8")).toBe("{ my notes");
  });

  it("refuses to remove what is not installed", async () => {
    const result = await cli(["plugins", "remove", "@langchain-mini/core"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "langchain-mini: No plug-in named '@langchain-mini/core' is installed: list them with langchain-mini plugins list\n",
    );
  });
});
