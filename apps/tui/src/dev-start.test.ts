import { readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runProgram, tempDir } from "./test-support/cli.js";

/**
 * `./dev start` from a checkout, as the README's examples run it, but from another
 * directory. It runs in the serial phase of the test run (package.json's test:serial):
 * `./dev start` runs turbo's build itself, which must not overlap the workspace's own.
 */
const ROOT = resolve(import.meta.dirname, "../../..");
const DEV = join(ROOT, "dev");

const SHOUT_TOOL = `export function createTool() {
  return { name: "shout", description: "Upper-cases its input.", execute: (input) => input.toUpperCase() };
}`;

describe("./dev start", () => {
  // Two turbo runs (cached builds) and two CLI runs: room for a busy machine.
  it("runs the CLI in the caller's directory: a relative plug-in, script and trace mean what they say", {
    timeout: 180_000,
  }, async () => {
    const directory = tempDir();
    writeFileSync(join(directory, "my-tool.js"), SHOUT_TOOL);
    writeFileSync(
      join(directory, "answers.json"),
      JSON.stringify([
        " I should shout.\nAction: shout\nAction Input: hello",
        " I now know the final answer\nFinal Answer: HELLO",
      ]),
    );
    const args = [
      "--llm",
      "script:answers.json",
      "--tools",
      "./my-tool.js",
      "--trace",
      "run.jsonl",
    ];
    const result = await runProgram(DEV, ["start", "ask", ...args, "Shout hello"], {
      cwd: directory,
    });
    expect(result.stderr).toContain("Action: shout\nAction Input: hello\nObservation: HELLO\n");
    expect(result.stdout).toBe("HELLO\n");
    expect(result.status).toBe(0);
    const trace = readFileSync(join(directory, "run.jsonl"), "utf8");
    expect(trace).toContain('"type":"run-end"');

    const missing = await runProgram(DEV, ["start", "ask", "--llm", "script:nope.json", "q"], {
      cwd: directory,
    });
    expect(missing.stderr).toBe(
      `langchain-mini: Cannot read the script file ${join(directory, "nope.json")}: no such file\n`,
    );
    expect(missing.status).toBe(2);
  });

  it("checks the build only when a build input changed since the last start", {
    timeout: 180_000,
  }, async () => {
    const stamp = join(ROOT, "node_modules", ".start-stamp");
    const started = () => runProgram(DEV, ["start", "--version"], { cwd: tempDir() });
    expect((await started()).status).toBe(0);
    const built = statSync(stamp).mtimeMs;
    // Nothing changed: the CLI starts without asking turbo, and the stamp stays.
    expect(await started()).toMatchObject({ status: 0, stderr: "" });
    expect(statSync(stamp).mtimeMs).toBe(built);
    // A source saved after the stamp (its content unchanged: turbo's cache still holds):
    // the build is checked again, and the stamp follows.
    const source = join(ROOT, "packages", "core", "src", "index.ts");
    const now = new Date();
    utimesSync(source, now, now);
    expect(statSync(source).mtimeMs).toBeGreaterThan(built);
    expect((await started()).status).toBe(0);
    expect(statSync(stamp).mtimeMs).toBeGreaterThan(built);
  });

  it("is on PATH as langchain-mini the way the README says", { timeout: 180_000 }, async () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const snippet = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
      .map((match) => match[1] ?? "")
      .find((block) => block.includes("~/.local/bin/langchain-mini"));
    expect(snippet, "the README's snippet that puts langchain-mini on PATH").toBeDefined();
    const home = tempDir();
    const installed = await runProgram("sh", ["-euc", snippet ?? ""], {
      cwd: ROOT,
      env: { HOME: home },
    });
    expect(installed).toMatchObject({ status: 0, stderr: "" });

    const directory = tempDir();
    writeFileSync(join(directory, "answers.json"), JSON.stringify([" ok\nFinal Answer: found"]));
    const bin = join(home, ".local", "bin", "langchain-mini");
    const result = await runProgram(bin, ["ask", "--llm", "script:answers.json", "q"], {
      cwd: directory,
      env: { HOME: home },
    });
    expect(result.stdout).toBe("found\n");
    expect(result.status).toBe(0);
  });
});
