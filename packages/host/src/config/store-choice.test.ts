import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Secrets } from "../boundary/secrets.js";
import { tempDir } from "../test-support/temp-dir.js";
import type { HostContext } from "./host-context.js";
import { chooseStore, parseStoreSpec, withoutPassword } from "./store-choice.js";

function hostIn(directory: string, store?: string): HostContext {
  const env = store === undefined ? {} : { LANGCHAIN_MINI_STORE: store };
  return {
    env,
    secrets: new Secrets(env),
    cwd: directory,
    dataDirectory: join(directory, "data"),
    pluginHome: join(directory, "plugins"),
  };
}

describe("parseStoreSpec", () => {
  it("picks the module by protocol, a path for the file store, else a module and its URL", () => {
    const cases: [string, { name: string; url: string }][] = [
      ["file:", { name: "file:", url: "file:" }],
      ["memory:", { name: "memory:", url: "memory:" }],
      ["redis://:pw@cache:6379/2", { name: "redis:", url: "redis://:pw@cache:6379/2" }],
      ["REDISS://cache", { name: "rediss:", url: "REDISS://cache" }],
      ["/srv/sessions", { name: "file:", url: "/srv/sessions" }],
      ["./sessions", { name: "file:", url: "./sessions" }],
      ["~/sessions", { name: "file:", url: "~/sessions" }],
      [".", { name: "file:", url: "." }],
      ["./my-store.mjs", { name: "./my-store.mjs", url: "" }],
      ["./my-store.js:postgres://db/app", { name: "./my-store.js", url: "postgres://db/app" }],
      ["store-pg", { name: "store-pg", url: "" }],
      ["store-pg:postgres://db/app", { name: "store-pg", url: "postgres://db/app" }],
      ["@acme/store:mongodb://db", { name: "@acme/store", url: "mongodb://db" }],
    ];
    for (const [spec, expected] of cases) expect(parseStoreSpec(spec), spec).toEqual(expected);
  });

  it("refuses a URL no built-in store serves, in one line", () => {
    expect(() => parseStoreSpec("postgres://:secret@db/app")).toThrow(
      "No built-in session store for postgres:// URLs: use file:, memory:, redis:// or rediss://, or name the store package that serves them: --store <package>:postgres://…",
    );
  });
});

describe("chooseStore", () => {
  it("makes the file store in the data directory by default, and says where it is", async () => {
    const directory = tempDir();
    const { where } = await chooseStore(hostIn(directory));
    expect(where).toBe(join(directory, "data", "sessions"));
    expect((await chooseStore(hostIn(directory, "./chats"))).where).toBe(join(directory, "chats"));
    expect((await chooseStore(hostIn(directory, "memory:"))).where).toBe("memory");
  });

  it("makes a Redis store without connecting, and never shows its password", async () => {
    const { store, where } = await chooseStore(hostIn(tempDir(), "redis://:pw-1234@127.0.0.1:1/3"));
    expect(where).toBe("redis://127.0.0.1:1/3");
    await store.close?.();
  });

  it("loads a store module named by path, handing it the URL after the name", async () => {
    const directory = tempDir();
    writeFileSync(
      join(directory, "my-store.mjs"),
      `export function createStore({ url }) {
        return {
          where: "custom at " + url,
          async load() { return { records: [], warnings: [] }; },
          async append() {},
          async clear() {},
          async list() { return []; },
        };
      }`,
    );
    const { where } = await chooseStore(hostIn(directory, "./my-store.mjs:some://place"));
    expect(where).toBe("custom at some://place");
  });

  it("explains a module that is not a store, and a bare word, in one line", async () => {
    const directory = tempDir();
    writeFileSync(join(directory, "not-a-store.mjs"), "export const x = 1;");
    writeFileSync(join(directory, "bad-store.mjs"), "export const createStore = () => 42;");
    await expect(chooseStore(hostIn(directory, "./not-a-store.mjs"))).rejects.toThrow(
      /^'\.\/not-a-store\.mjs' is not a langchain-mini session store module: it does not export createStore\(\{ url, env \}\)/,
    );
    await expect(chooseStore(hostIn(directory, "./bad-store.mjs"))).rejects.toThrow(
      "createStore of './bad-store.mjs' did not return a session store: got a number",
    );
    await expect(chooseStore(hostIn(directory, "sessions"))).rejects.toThrow(
      /^Unknown session store 'sessions' in --store: .*; a directory is written as a path: \.\/sessions$/,
    );
  });
});

describe("withoutPassword", () => {
  it("blanks the password of every URL in a text", () => {
    expect(withoutPassword("at redis://user:pa55@host:1/0 and rediss://:x@h")).toBe(
      "at redis://user:***@host:1/0 and rediss://:***@h",
    );
  });
});
