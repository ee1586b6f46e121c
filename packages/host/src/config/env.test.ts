import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../test-support/temp-dir.js";
import { everyValue, readDotEnv } from "./env.js";

const KEY = "sk-test-never-shown-0a1b2c";

function envFile(text: string) {
  const directory = tempDir();
  writeFileSync(join(directory, ".env"), text);
  return { directory, path: join(directory, ".env") };
}

describe("readDotEnv", () => {
  it("warns about each line that is not NAME=value, by file and line number, never its text", async () => {
    const { directory, path } = envFile(
      [
        "# settings",
        `OPENAI_API_KEY ${KEY}`,
        "",
        "export OPENAI_MODEL=gpt-4.1-mini",
        'MULTI="first',
        "second line of the same value",
        'end"',
        `=${KEY}`,
        `MY KEY=${KEY}`,
        "SERPAPI_API_KEY = spaced ",
        "EMPTY=",
      ].join("\n"),
    );
    const { values, warnings } = await readDotEnv(directory);
    expect(warnings).toEqual(
      [2, 8, 9].map(
        (line) =>
          `${path} line ${line} is not NAME=value, so it was skipped: check for a missing '=' or a space in the name`,
      ),
    );
    expect(warnings.join("\n")).not.toContain(KEY);
    expect(values).toMatchObject({
      OPENAI_MODEL: "gpt-4.1-mini",
      MULTI: "first\nsecond line of the same value\nend",
      SERPAPI_API_KEY: "spaced",
      EMPTY: "",
    });
    expect(values.OPENAI_API_KEY).toBeUndefined();
  });

  it("is quiet about a good file, and about none, and lets the shell win", async () => {
    const { directory } = envFile("A=from the file\r\nB='quoted # not a comment'\r\n");
    const read = await readDotEnv(directory);
    expect(read.warnings).toEqual([]);
    expect(everyValue(read, { A: "from the shell" })).toEqual({
      A: "from the shell",
      B: "quoted # not a comment",
    });
    expect(await readDotEnv(tempDir())).toMatchObject({ values: {}, warnings: [] });
  });

  it("skips a .env that is a FIFO or a folder with one warning, without waiting", async () => {
    const fifo = tempDir();
    execFileSync("mkfifo", [join(fifo, ".env")]);
    const folder = tempDir();
    mkdirSync(join(folder, ".env"));
    expect(await readDotEnv(fifo)).toEqual({
      path: join(fifo, ".env"),
      values: {},
      warnings: [
        `${join(fifo, ".env")} is not a regular file (a FIFO, device or socket), so it was skipped`,
      ],
    });
    expect((await readDotEnv(folder)).warnings).toEqual([
      `${join(folder, ".env")} cannot be read (it is a folder), so it was skipped`,
    ]);
  });
});
