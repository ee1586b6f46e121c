import { fork } from "node:child_process";
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { turnsOf } from "@langchain-mini/core";
import { afterAll, describe, expect, it } from "vitest";
import { FileSessionStore } from "./file-session-store.js";

const appendLoop = resolve(import.meta.dirname, "test-support/append-loop.mjs");
const turn = (question: string, answer = "a") => ({
  type: "turn" as const,
  question,
  answer,
  at: "2026-11-23T00:00:00.000Z",
});
const directories: string[] = [];
const freshDirectory = () => {
  const directory = mkdtempSync(join(tmpdir(), "memory-test-"));
  directories.push(directory);
  return directory;
};
const freshStore = () => new FileSessionStore({ directory: freshDirectory() });
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

function runChild(args: string[]) {
  return fork(appendLoop, args, { stdio: ["ignore", "ignore", "inherit", "ipc"] });
}

describe("FileSessionStore", () => {
  it("appends, loads, lists and clears sessions", async () => {
    const store = freshStore();
    await store.append("work", turn("q1"));
    await store.append("work", turn("q2"));
    await store.append("home", turn("h1"));
    expect(turnsOf((await store.load("work")).records).map((record) => record.question)).toEqual([
      "q1",
      "q2",
    ]);
    expect(
      (await store.list())
        .map(({ name, turns, lastQuestion }) => ({ name, turns, lastQuestion }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: "home", turns: 1, lastQuestion: "h1" },
      { name: "work", turns: 2, lastQuestion: "q2" },
    ]);
    await store.clear("work");
    expect((await store.load("work")).records).toEqual([]);
    expect(readFileSync(store.pathOf("home"), "utf8").endsWith("\n")).toBe(true);
  });

  it("refuses session names that could escape its directory", async () => {
    const store = freshStore();
    await expect(store.load("../etc/passwd")).rejects.toThrow(
      "'../etc/passwd' is not a session name",
    );
    await expect(store.append("a/b", turn("x"))).rejects.toMatchObject({ code: "config_invalid" });
  });

  it("loses only a torn last write, and appends cleanly after it", async () => {
    for (const torn of ['{"type":"turn","question":"torn","ans', "\0\0\0\0"]) {
      const store = freshStore();
      await store.append("s", turn("kept"));
      appendFileSync(store.pathOf("s"), torn);
      const loaded = await store.load("s");
      expect(turnsOf(loaded.records).map((record) => record.question)).toEqual(["kept"]);
      expect(loaded.warnings).toEqual([]);
      await store.append("s", turn("after"));
      // The torn line now sits mid-file: still a lost write, not damage to report.
      const reloaded = await store.load("s");
      expect(turnsOf(reloaded.records).map((record) => record.question)).toEqual(["kept", "after"]);
      expect(reloaded.warnings).toEqual([]);
      expect(readdirSync(store.directory)).toEqual(["s.jsonl"]);
    }
  });

  it("moves a damaged or foreign file aside with a warning, keeping what it can read", async () => {
    const store = freshStore();
    await store.append("s", turn("good"));
    appendFileSync(store.pathOf("s"), 'this is not json\n{"some":"other json"}\n');
    await store.append("s", turn("also good"));
    const loaded = await store.load("s");
    expect(turnsOf(loaded.records).map((record) => record.question)).toEqual(["good", "also good"]);
    expect(loaded.warnings[0]).toMatch(
      /^Session 's' had unreadable content: kept 2 records, moved the original to .*s\.jsonl\.damaged-\d+$/,
    );
    const aside = readdirSync(store.directory).find((name) => name.startsWith("s.jsonl.damaged-"));
    expect(readFileSync(join(store.directory, aside ?? ""), "utf8")).toContain("this is not json");
    expect((await store.load("s")).warnings).toEqual([]);

    writeFileSync(store.pathOf("notes"), "my shopping list\nmilk\neggs\n");
    const foreign = await store.load("notes");
    expect(foreign.records).toEqual([]);
    expect(foreign.warnings[0]).toContain("kept 0 records");
    expect(existsSync(store.pathOf("notes"))).toBe(false);
    await store.append("notes", turn("fresh start"));
    expect(turnsOf((await store.load("notes")).records)).toHaveLength(1);

    mkdirSync(store.pathOf("folder"));
    expect((await store.load("folder")).warnings[0]).toContain("moved the original");
    expect((await store.list()).map((session) => session.name).sort()).toEqual(["notes", "s"]);
  });

  it("explains a data directory it cannot write in one line", async () => {
    const parent = freshDirectory();
    writeFileSync(join(parent, "home"), "a file where the directory should be");
    const store = new FileSessionStore({ env: { LANGCHAIN_MINI_HOME: join(parent, "home") } });
    await expect(store.append("s", turn("q"))).rejects.toMatchObject({
      code: "config_invalid",
      message: `Cannot save to session 's' at ${join(parent, "home", "sessions", "s.jsonl")}: part of the path is a file, not a directory: check that LANGCHAIN_MINI_HOME (or the default data directory) is a writable directory`,
    });
  });

  it("survives a process killed in the middle of a write", async () => {
    // SIGKILL lands mid-write only some of the time: kill at random moments until one
    // leaves a torn last line, checking the file after every kill.
    let tornWrites = 0;
    for (let attempt = 0; attempt < 40 && tornWrites === 0; attempt++) {
      const store = freshStore();
      const child = runChild([store.directory, "crash", "child", "1000", "4000000"]);
      await new Promise<void>((resolve) => child.once("message", () => resolve()));
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 60));
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
      if (!existsSync(store.pathOf("crash"))) continue;
      if (!readFileSync(store.pathOf("crash"), "utf8").endsWith("\n")) tornWrites++;

      const loaded = await store.load("crash");
      const questions = turnsOf(loaded.records).map((record) => record.question);
      expect(questions).toEqual(questions.map((_, index) => `child ${index}`));
      expect(loaded.warnings).toEqual([]);
      await store.append("crash", turn("after the crash"));
      const after = await store.load("crash");
      expect(turnsOf(after.records).map((record) => record.question)).toEqual([
        ...questions,
        "after the crash",
      ]);
      expect(after.warnings).toEqual([]);
    }
    expect(tornWrites).toBe(1);
  }, 60_000);

  it("keeps every record when two processes append to one session at once", async () => {
    const store = freshStore();
    const children = ["left", "right"].map((label) =>
      runChild([store.directory, "shared", label, "150", "3000"]),
    );
    await Promise.all(
      children.map((child) => new Promise((resolve) => child.once("exit", resolve))),
    );
    const loaded = await store.load("shared");
    expect(loaded.warnings).toEqual([]);
    const questions = turnsOf(loaded.records).map((record) => record.question);
    expect(questions).toHaveLength(300);
    for (const label of ["left", "right"]) {
      expect(questions.filter((question) => question.startsWith(label))).toEqual(
        Array.from({ length: 150 }, (_, index) => `${label} ${index}`),
      );
    }
  });
});
