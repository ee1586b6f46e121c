import { fork } from "node:child_process";
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { FileSessionStore } from "./file-session-store.js";
import { turnsOf } from "./session-record.js";

const appendLoop = resolve(import.meta.dirname, "test-support/append-loop.mjs");
const turn = (question: string, answer = "a") => ({
  type: "turn" as const,
  question,
  answer,
  at: "2026-11-23T00:00:00.000Z",
});
const freshStore = () =>
  new FileSessionStore({ directory: mkdtempSync(join(tmpdir(), "memory-test-")) });

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
        .map(({ name, turns }) => ({ name, turns }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: "home", turns: 1 },
      { name: "work", turns: 2 },
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
    const store = freshStore();
    await store.append("s", turn("kept"));
    appendFileSync(store.pathOf("s"), '{"type":"turn","question":"torn","ans');
    const loaded = await store.load("s");
    expect(turnsOf(loaded.records).map((record) => record.question)).toEqual(["kept"]);
    expect(loaded.warnings).toEqual([]);
    await store.append("s", turn("after"));
    expect(turnsOf((await store.load("s")).records).map((record) => record.question)).toEqual([
      "kept",
      "after",
    ]);
  });

  it("moves a damaged or foreign file aside with a warning, keeping what it can read", async () => {
    const store = freshStore();
    await store.append("s", turn("good"));
    appendFileSync(store.pathOf("s"), "this is not json\n");
    await store.append("s", turn("also good"));
    const loaded = await store.load("s");
    expect(turnsOf(loaded.records).map((record) => record.question)).toEqual(["good", "also good"]);
    expect(loaded.warnings[0]).toMatch(
      /^Session 's' had unreadable lines: kept 2 records, moved the original to .*s\.jsonl\.damaged-\d+$/,
    );
    expect(readdirSync(store.directory).some((name) => name.startsWith("s.jsonl.damaged-"))).toBe(
      true,
    );
    expect((await store.load("s")).warnings).toEqual([]);

    writeFileSync(store.pathOf("notes"), "my shopping list\nmilk\neggs\n");
    const foreign = await store.load("notes");
    expect(foreign.records).toEqual([]);
    expect(foreign.warnings).toHaveLength(1);
  });

  it("survives a process killed in the middle of its writes", async () => {
    const store = freshStore();
    const child = runChild([store.directory, "crash", "child", "100000", "200000"]);
    await new Promise<void>((resolve) => child.once("message", () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 150));
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    const loaded = await store.load("crash");
    const questions = turnsOf(loaded.records).map((record) => record.question);
    expect(questions.length).toBeGreaterThan(0);
    expect(questions).toEqual(questions.map((_, index) => `child ${index}`));
    expect(loaded.warnings).toEqual([]);
    await store.append("crash", turn("after the crash"));
    expect(turnsOf((await store.load("crash")).records).at(-1)?.question).toBe("after the crash");
  });

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
