import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mustRun, npmInstall, runCommand, userEnv } from "./run-command.js";

/**
 * `pnpm pack:all <directory>` (scripts/pack-all.js), as CONTRIBUTING.md tells a developer
 * to run it: every published package packed into one folder and nothing else, and the
 * npm command it prints installs the CLI from those tarballs alone (npm's global install,
 * into a prefix of the test's own), which then answers a scripted question.
 */
const root = resolve(import.meta.dirname, "../../..");
/** Anything a tarball must not carry: tests, their support and fixtures, logs, caches. */
const LEFTOVERS =
  /\.test\.|(^|\/)(test-support|fixtures|node_modules|\.turbo|\.vitest|coverage)\/|\.log$|\.tsbuildinfo$/;

let destination: string;
let prefix: string;
let printed: string;

beforeAll(async () => {
  destination = mkdtempSync(join(tmpdir(), "langchain-mini-pack-all-"));
  prefix = mkdtempSync(join(tmpdir(), "langchain-mini-pack-all-global-"));
  printed = (await mustRun("pnpm", ["run", "--silent", "pack:all", destination], { cwd: root }))
    .stdout;
});

afterAll(() => {
  for (const directory of [destination, prefix]) {
    if (directory) rmSync(directory, { recursive: true, force: true });
  }
});

describe("pnpm pack:all", () => {
  it("packs every published package into the folder, and nothing private", () => {
    const manifests = workspaceManifests();
    const tarball = (manifest: Manifest) =>
      `${manifest.name.replace(/^@/, "").replace("/", "-")}-${manifest.version}.tgz`;
    const published = manifests.filter((manifest) => manifest.private !== true).map(tarball);
    expect(published.length).toBeGreaterThan(10);
    expect(readdirSync(destination).sort()).toEqual([...published].sort());
    for (const name of published) expect(printed).toContain(`  ${join(destination, name)}\n`);
    const privates = manifests.filter((manifest) => manifest.private === true);
    expect(privates.map((manifest) => manifest.name)).toContain("langchain-mini-tool-clock");
    for (const manifest of privates) expect(printed).not.toContain(tarball(manifest));
  });

  it("leaves tests, fixtures, logs and caches out of every tarball", () => {
    for (const name of readdirSync(destination)) {
      const listing = spawnSync("tar", ["-tzf", join(destination, name)], { encoding: "utf8" });
      expect(listing.status, listing.stderr).toBe(0);
      const paths = listing.stdout.trimEnd().split("\n");
      expect(paths, name).toEqual(expect.arrayContaining(["package/package.json"]));
      expect(
        paths.filter((path) => LEFTOVERS.test(path)),
        name,
      ).toEqual([]);
    }
  });

  it("prints the npm command that installs the CLI from the tarballs, which then runs", async () => {
    const command = /^ {2}npm install -g (.+)$/m.exec(printed)?.[1];
    expect(command, printed).toBeDefined();
    const tarballs = (command ?? "").split(" ");
    expect(tarballs.every((file) => existsSync(file))).toBe(true);
    // The printed command, into a prefix of the test's own instead of the machine's.
    await npmInstall(prefix, ["-g", "--prefix", prefix, ...tarballs]);
    const bin = join(prefix, "bin", "langchain-mini");
    const version = await runCommand(bin, ["--version"], { cwd: prefix, env: userEnv() });
    const cli = JSON.parse(readFileSync(join(root, "apps", "tui", "package.json"), "utf8"));
    expect(version.stdout).toBe(`${cli.version}\n`);
    const script = join(root, "examples", "scripts", "five-year-periods.json");
    const asked = await runCommand(
      bin,
      ["ask", "--llm", `script:${script}`, "How many five year periods are in 2023?"],
      { cwd: prefix, env: userEnv() },
    );
    expect(asked.stderr).toContain("Action Input: ceil(404.6)\nObservation: 405\n");
    expect(asked.stdout).toBe("405\n");
    expect(asked.status).toBe(0);
  });
});

interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
}

/** Every package of the workspace: its manifest. */
function workspaceManifests(): Manifest[] {
  return ["packages", "apps", "examples", "tests"].flatMap((folder) =>
    readdirSync(join(root, folder))
      .map((name) => join(root, folder, name, "package.json"))
      .filter((path) => existsSync(path))
      .map((path) => JSON.parse(readFileSync(path, "utf8"))),
  );
}
