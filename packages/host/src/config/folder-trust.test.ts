import { mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../test-support/temp-dir.js";
import { codeSettingReason } from "./code-settings.js";
import type { DotEnv } from "./env.js";
import { folderSettings } from "./folder-trust.js";
import { TRUSTED_FOLDERS_FILE } from "./trusted-folders.js";

const HOSTILE: DotEnv = {
  path: "/somewhere/.env",
  values: {
    OPENAI_API_KEY: "folder-key-123456",
    OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
    LANGCHAIN_MINI_MCP: "./mcp.json",
    LANGCHAIN_MINI_STORE: "./evil.js:x",
    LANGCHAIN_MINI_HOME: "./home",
    NODE_OPTIONS: "--require ./evil.cjs",
    npm_config_registry: "http://127.0.0.1:9/",
  },
  warnings: [],
};

function folders() {
  const cwd = tempDir();
  const data = join(tempDir(), "data");
  return { cwd, data, environment: { LANGCHAIN_MINI_HOME: data } };
}

describe("folder trust", () => {
  it("names code and commands, by name and by what a store setting names", () => {
    expect(codeSettingReason("LANGCHAIN_MINI_MCP", "mcp.json")).toContain("commands");
    expect(codeSettingReason("LANGCHAIN_MINI_STORE", "./evil.js:x")).toContain("module");
    expect(codeSettingReason("LANGCHAIN_MINI_STORE", "some-store-package")).toContain("module");
    for (const plain of ["redis://:pw@host:6379", "./sessions", "memory:", "file:", ""]) {
      expect(codeSettingReason("LANGCHAIN_MINI_STORE", plain)).toBeUndefined();
    }
    expect(codeSettingReason("NPM_CONFIG_SCRIPT_SHELL", "/bin/evil")).toContain("npm");
    expect(codeSettingReason("OPENAI_BASE_URL", "http://x")).toBeUndefined();
  });

  it("keeps plain settings and leaves out code settings of an untrusted folder, in one warning", async () => {
    const { cwd, environment } = folders();
    const { env, warnings } = await folderSettings(HOSTILE, { cwd, environment });
    expect(env).toEqual({
      OPENAI_API_KEY: "folder-key-123456",
      OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
      ...environment,
    });
    expect(warnings).toEqual([
      "ignored LANGCHAIN_MINI_MCP, LANGCHAIN_MINI_STORE, NODE_OPTIONS, npm_config_registry from /somewhere/.env: a folder's .env may start commands, load code or choose where your keys go only once you trust the folder (answer y when langchain-mini asks on a terminal, or run with --trust)",
    ]);
  });

  it("leaves out a folder's base URL that would receive a key from the user's own environment", async () => {
    const { cwd, environment } = folders();
    const dotEnv: DotEnv = {
      path: "/somewhere/.env",
      values: { OPENAI_BASE_URL: "http://127.0.0.1:9/v1", GEMINI_BASE_URL: "http://127.0.0.1:9" },
      warnings: [],
    };
    const shell = {
      ...environment,
      OPENAI_API_KEY: "shell-key-123456",
      GOOGLE_API_KEY: "g-123456",
    };
    const { env, warnings } = await folderSettings(dotEnv, { cwd, environment: shell });
    expect(env.OPENAI_BASE_URL).toBeUndefined();
    expect(env.GEMINI_BASE_URL).toBeUndefined();
    expect(warnings[0]).toMatch(
      /^ignored OPENAI_BASE_URL, GEMINI_BASE_URL from \/somewhere\/\.env: /,
    );
    // The folder's own key goes where the folder says; so does no key at all.
    const ownKey = { ...dotEnv, values: { ...dotEnv.values, OPENAI_API_KEY: "folder-key-123456" } };
    expect((await folderSettings(ownKey, { cwd, environment: shell })).env.OPENAI_BASE_URL).toBe(
      "http://127.0.0.1:9/v1",
    );
    expect((await folderSettings(dotEnv, { cwd, environment })).env.OPENAI_BASE_URL).toBe(
      "http://127.0.0.1:9/v1",
    );
  });

  it("names the settings only an untrusted folder gave, which may not choose a command", async () => {
    const { cwd, environment } = folders();
    const shell = { ...environment, MODEL: "from-the-shell" };
    const plain: DotEnv = {
      ...HOSTILE,
      values: { SERVER_BIN: "./evil.sh", MODEL: "from-the-folder", TOKEN: "t" },
    };
    // No code setting: nothing to ask, and still the folder's own values are marked.
    const quiet = await folderSettings(plain, { cwd, environment: shell });
    expect([...quiet.untrusted].sort()).toEqual(["SERVER_BIN", "TOKEN"]);
    const declined = await folderSettings(HOSTILE, { cwd, environment });
    expect([...declined.untrusted].sort()).toEqual(["OPENAI_API_KEY", "OPENAI_BASE_URL"]);
    const trusted = await folderSettings(plain, { cwd, environment: shell, trust: true });
    expect(trusted.untrusted.size).toBe(0);
  });

  it("takes the whole .env with --trust, without remembering it", async () => {
    const { cwd, data, environment } = folders();
    const { env, warnings } = await folderSettings(HOSTILE, { cwd, environment, trust: true });
    expect(env).toMatchObject({ LANGCHAIN_MINI_MCP: "./mcp.json", LANGCHAIN_MINI_HOME: data });
    expect(warnings).toEqual([]);
    expect(() => readFileSync(join(data, TRUSTED_FOLDERS_FILE))).toThrow(/ENOENT/);
  });

  it("asks once, and remembers the answer, yes or no, by the folder's real path", async () => {
    const { cwd, data, environment } = folders();
    const other = tempDir();
    const linked = join(tempDir(), "link");
    symlinkSync(other, linked);
    const questions: string[] = [];
    const answer = (yes: boolean) => async (question: string) => {
      questions.push(question);
      return yes;
    };
    const declined = await folderSettings(HOSTILE, { cwd, environment, ask: answer(false) });
    expect(declined.env.LANGCHAIN_MINI_MCP).toBeUndefined();
    expect(questions[0]).toContain(
      "  LANGCHAIN_MINI_MCP=./mcp.json  (MCP servers: commands it starts)",
    );
    expect(questions[0]).toContain("[y/N]");
    // The folder's key is among the secrets the question blanks.
    expect(questions[0]).not.toContain("folder-key-123456");
    const again = await folderSettings(HOSTILE, { cwd, environment, ask: answer(true) });
    expect(again.env.LANGCHAIN_MINI_MCP).toBeUndefined();
    expect(again.warnings).toEqual([
      `ignored LANGCHAIN_MINI_MCP, LANGCHAIN_MINI_STORE, NODE_OPTIONS, npm_config_registry from /somewhere/.env: you chose not to trust this folder with starting commands, loading code or choosing where your keys go (run with --trust for one run, or take the folder out of ${join(data, TRUSTED_FOLDERS_FILE)} to be asked again)`,
    ]);
    expect(questions).toHaveLength(1);

    const accepted = await folderSettings(HOSTILE, { cwd: linked, environment, ask: answer(true) });
    expect(accepted.env.LANGCHAIN_MINI_MCP).toBe("./mcp.json");
    const later = await folderSettings(HOSTILE, { cwd: other, environment, ask: answer(false) });
    expect(later.env.LANGCHAIN_MINI_STORE).toBe("./evil.js:x");
    expect(questions).toHaveLength(2);
    expect(JSON.parse(readFileSync(join(data, TRUSTED_FOLDERS_FILE), "utf8"))).toEqual({
      trusted: [realpathSync(other)],
      untrusted: [realpathSync(cwd)],
    });
  });

  it("trusts nothing from a remembered list it cannot read, and says so", async () => {
    const { cwd, data, environment } = folders();
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, TRUSTED_FOLDERS_FILE), `{"trusted": "${realpathSync(cwd)}"}`);
    const { env, warnings } = await folderSettings(HOSTILE, { cwd, environment });
    expect(env.LANGCHAIN_MINI_MCP).toBeUndefined();
    expect(warnings[0]).toBe(
      `Ignoring ${join(data, TRUSTED_FOLDERS_FILE)}: it is not {"trusted": ["<folder>", …], "untrusted": [ … ]}; fix it or remove it`,
    );
  });

  it("asks nothing when the environment already sets what the folder would", async () => {
    const { cwd, environment } = folders();
    const dotEnv: DotEnv = { ...HOSTILE, values: { LANGCHAIN_MINI_MCP: "./mcp.json", A: "1" } };
    const own = { ...environment, LANGCHAIN_MINI_MCP: "/mine/mcp.json" };
    const ask = async () => {
      throw new Error("not asked");
    };
    expect(await folderSettings(dotEnv, { cwd, environment: own, ask })).toEqual({
      env: { A: "1", ...own },
      warnings: [],
      untrusted: new Set(["A"]),
    });
  });
});
