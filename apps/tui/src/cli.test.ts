import { spawnSync } from "node:child_process";
import { accessSync, constants, readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI } from "./test-support/cli.js";

/**
 * A Node older than 22 from PATH. `./dev` puts its Node 24 first on PATH and keeps the
 * machine's own after it, so on the project's machines and in CI (Node 20 as the system
 * Node) this finds the Node a user without `./dev` would run the bin with.
 */
function olderNode() {
  for (const directory of (process.env.PATH ?? "").split(delimiter)) {
    const candidate = join(directory, "node");
    try {
      accessSync(candidate, constants.X_OK);
    } catch {
      continue;
    }
    const version = spawnSync(candidate, ["--version"], { encoding: "utf8" }).stdout?.trim();
    if (version && parseInt(version.slice(1), 10) < 22) return { path: candidate, version };
  }
  return undefined;
}

describe("the langchain-mini bin on an older Node", () => {
  const older = olderNode();

  it("says in one line which Node it needs, and exits 2", () => {
    // Without an older Node on PATH, this Node is made to say it is 20: the check's own
    // logic still runs, and the next test shows the bin loads nothing a new Node alone has.
    const simulated = "v20.20.2";
    const [node, preload] = older
      ? [older.path, []]
      : [
          process.execPath,
          [
            "--import",
            `data:text/javascript,Object.defineProperty(process,"version",{value:"${simulated}"});Object.defineProperty(process.versions,"node",{value:"${simulated.slice(1)}"})`,
          ],
        ];
    for (const args of [["--version"], ["ask", "--llm", "script:replies.json", "q"], []]) {
      const result = spawnSync(node, [...preload, CLI, ...args], {
        encoding: "utf8",
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
      });
      expect(result.stderr).toBe(
        `langchain-mini needs Node.js 22 or newer (this is ${older?.version ?? simulated})\n`,
      );
      expect(result.stdout).toBe("");
      expect(result.status).toBe(2);
    }
  });

  it("checks before it loads anything: the bin's first module imports nothing statically", () => {
    const source = readFileSync(CLI, "utf8");
    expect(source).not.toMatch(/^\s*import\s[^(]/m);
    // main.js, or its chunk in the bundle.
    expect(source).toMatch(/import\("\.\/main(-[\w-]+)?\.js"\)/);
  });
});
