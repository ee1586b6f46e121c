import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../test-support/cli.js";
import { readEnv } from "./env.js";

const KEY = "sk-test-never-shown-0a1b2c";

function envFile(text: string) {
  const directory = tempDir();
  writeFileSync(join(directory, ".env"), text);
  return { directory, path: join(directory, ".env") };
}

describe("readEnv", () => {
  it("warns about each line that is not NAME=value, by file and line number, never its text", () => {
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
    const { env, warnings } = readEnv(directory, {});
    expect(warnings).toEqual(
      [2, 8, 9].map(
        (line) =>
          `${path} line ${line} is not NAME=value, so it was skipped: check for a missing '=' or a space in the name`,
      ),
    );
    expect(warnings.join("\n")).not.toContain(KEY);
    expect(env).toMatchObject({
      OPENAI_MODEL: "gpt-4.1-mini",
      MULTI: "first\nsecond line of the same value\nend",
      SERPAPI_API_KEY: "spaced",
      EMPTY: "",
    });
    expect(env.OPENAI_API_KEY).toBeUndefined();
  });

  it("is quiet about a good file, and about none, and lets the shell win", () => {
    const { directory } = envFile("A=from the file\r\nB='quoted # not a comment'\r\n");
    expect(readEnv(directory, { A: "from the shell" })).toEqual({
      env: { A: "from the shell", B: "quoted # not a comment" },
      warnings: [],
    });
    expect(readEnv(tempDir(), { A: "x" })).toEqual({ env: { A: "x" }, warnings: [] });
  });
});
