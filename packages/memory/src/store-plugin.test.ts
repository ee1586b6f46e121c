import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FileSessionStore } from "./file-session-store.js";
import { InMemorySessionStore } from "./in-memory-session-store.js";
import { createStore } from "./store-plugin.js";

const context = { env: { HOME: "/home/ada" }, dataDirectory: "/data/lm", cwd: "/work/project" };
const directoryOf = (url: string) => {
  const store = createStore({ ...context, url });
  expect(store).toBeInstanceOf(FileSessionStore);
  return (store as FileSessionStore).directory;
};

describe("the file and memory store module", () => {
  it("keeps sessions in the data directory for file:, or where a path or file URL says", () => {
    expect(directoryOf("file:")).toBe("/data/lm/sessions");
    expect(directoryOf("/srv/sessions")).toBe("/srv/sessions");
    expect(directoryOf("./chats")).toBe("/work/project/chats");
    expect(directoryOf("../shared/chats")).toBe("/work/shared/chats");
    expect(directoryOf("~/chats")).toBe("/home/ada/chats");
    expect(directoryOf("file:chats")).toBe("/work/project/chats");
    expect(directoryOf("file:/srv/chats")).toBe("/srv/chats");
    expect(directoryOf("file:///srv/my%20chats")).toBe("/srv/my chats");
  });

  it("uses LANGCHAIN_MINI_HOME when the host names no data directory", () => {
    const store = createStore({ url: "file:", env: { LANGCHAIN_MINI_HOME: "/lm" } });
    expect((store as FileSessionStore).directory).toBe(join("/lm", "sessions"));
  });

  it("keeps sessions in memory for memory:, and refuses anything after it", () => {
    expect(createStore({ ...context, url: "memory:" })).toBeInstanceOf(InMemorySessionStore);
    expect(() => createStore({ ...context, url: "memory:work" })).toThrow(
      "'memory:' takes nothing after it, got 'memory:work': sessions in memory last as long as the process",
    );
    expect(() => createStore({ ...context, url: "file://remote-host/x" })).toThrow(
      /^'file:\/\/remote-host\/x' is not a file URL this system can use/,
    );
  });
});
