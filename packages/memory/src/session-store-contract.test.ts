import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, it } from "vitest";
import { FileSessionStore } from "./file-session-store.js";
import { InMemorySessionStore } from "./in-memory-session-store.js";
import { sessionStoreContract } from "./testing/index.js";

const directories: string[] = [];
const freshDirectory = () => {
  const directory = mkdtempSync(join(tmpdir(), "store-contract-"));
  directories.push(directory);
  return directory;
};
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

describe("the file store passes the store contract", () => {
  const checks = sessionStoreContract({
    open: (directory) => new FileSessionStore({ directory }),
    newLocation: freshDirectory,
    processModule: resolve(import.meta.dirname, "test-support/open-file-store.mjs"),
    runs: true,
    openBroken() {
      // A file where the sessions directory should be: every call fails.
      const directory = join(freshDirectory(), "sessions");
      writeFileSync(directory, "not a directory");
      return new FileSessionStore({ directory });
    },
  });
  for (const check of checks) it(check.name, check.run, 60_000);
});

describe("the in-memory store passes the store contract", () => {
  const stores = new Map<string, InMemorySessionStore>();
  let locations = 0;
  const checks = sessionStoreContract({
    // One store per location, shared by whoever opens it, as a process's memory is.
    open(location) {
      const store = stores.get(location) ?? new InMemorySessionStore();
      stores.set(location, store);
      return store;
    },
    newLocation: () => `memory-${++locations}`,
    runs: true,
  });
  for (const check of checks) it(check.name, check.run, 60_000);
});
