import { execFileSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { turnsOf } from "@langchain-mini/core";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { FileSessionStore } from "./file-session-store.js";
import { serializeRecord } from "./session-record.js";
import { callInChild } from "./test-support/call-in-child.js";

const turn = (question: string, answer = "a") => ({
  type: "turn" as const,
  question,
  answer,
  at: "2026-11-23T00:00:00.000Z",
});
const directories: string[] = [];
const freshDirectory = () => {
  const directory = mkdtempSync(join(tmpdir(), "memory-edges-"));
  directories.push(directory);
  return directory;
};
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("FileSessionStore at its edges", () => {
  it("reads a file that starts with a UTF-8 byte-order mark, first turn included", async () => {
    const directory = freshDirectory();
    const store = new FileSessionStore({ directory });
    writeFileSync(
      store.pathOf("bom"),
      `\uFEFF${serializeRecord(turn("first"))}${serializeRecord(turn("second"))}`,
    );
    const loaded = await store.load("bom");
    expect(turnsOf(loaded.records).map((record) => record.question)).toEqual(["first", "second"]);
    expect(loaded.warnings).toEqual([]);
    expect((await store.list()).map(({ name, turns }) => ({ name, turns }))).toEqual([
      { name: "bom", turns: 2 },
    ]);
    await store.append("bom", turn("third"));
    expect(turnsOf((await store.load("bom")).records)).toHaveLength(3);
  });

  it("never reads or writes through a symbolic link in the sessions folder", async () => {
    const outside = freshDirectory();
    const victim = join(outside, "victim.txt");
    writeFileSync(victim, "precious\n");
    const store = new FileSessionStore({ directory: freshDirectory() });
    symlinkSync(victim, store.pathOf("linked"));
    symlinkSync(join(outside, "not-yet.txt"), store.pathOf("dangling"));

    for (const session of ["linked", "dangling"]) {
      const refusal = expect.objectContaining({
        code: "config_invalid",
        message: expect.stringMatching(
          new RegExp(
            `^Cannot save to session '${session}' at .*: it is a symbolic link, and sessions are never read or written through one: remove it \\(langchain-mini sessions delete ${session}\\) or move it out of the sessions folder$`,
          ),
        ),
      });
      await expect(store.append(session, turn("leak"))).rejects.toEqual(refusal);
      await expect(store.load(session)).rejects.toMatchObject({ code: "config_invalid" });
    }
    expect(readFileSync(victim, "utf8")).toBe("precious\n");
    expect(existsSync(join(outside, "not-yet.txt"))).toBe(false);

    const listed = await store.list();
    expect(listed.map(({ name, problem }) => ({ name, problem })).sort(byName)).toEqual([
      { name: "dangling", problem: expect.stringContaining("symbolic link") },
      { name: "linked", problem: expect.stringContaining("symbolic link") },
    ]);
    await store.clear("linked");
    expect(existsSync(store.pathOf("linked"))).toBe(false);
    expect(readFileSync(victim, "utf8")).toBe("precious\n");
  });

  it("refuses a FIFO in the sessions folder at once instead of waiting on it", async () => {
    const store = new FileSessionStore({ directory: freshDirectory() });
    execFileSync("mkfifo", [store.pathOf("pipe")]);
    await expect(store.load("pipe")).rejects.toMatchObject({
      message: expect.stringContaining("it is not a regular file (a FIFO, socket or device)"),
    });
    await expect(store.append("pipe", turn("q"))).rejects.toMatchObject({
      code: "config_invalid",
    });
    expect(await store.list()).toEqual([
      expect.objectContaining({ name: "pipe", turns: 0, problem: expect.stringContaining("FIFO") }),
    ]);
    await store.clear("pipe");
    expect(await store.list()).toEqual([]);
  }, 30_000);

  it("removes its temporary file when a repair fails", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-23T12:00:00Z"));
    const store = new FileSessionStore({ directory: freshDirectory() });
    writeFileSync(store.pathOf("s"), `${serializeRecord(turn("good"))}not json\n`);
    // The name the original would be moved to is taken by a folder with a file in it.
    const aside = `${store.pathOf("s")}.damaged-${Date.now()}`;
    mkdirSync(aside);
    writeFileSync(join(aside, "keep"), "x");
    await expect(store.load("s")).rejects.toMatchObject({
      code: "config_invalid",
      message: expect.stringMatching(/^Cannot repair session 's' at /),
    });
    expect(readdirSync(store.directory).sort()).toEqual([
      "s.jsonl",
      `s.jsonl.damaged-${Date.now()}`,
    ]);
    expect(readFileSync(store.pathOf("s"), "utf8")).toContain("not json");
  });

  it("lists a session it cannot read, marked, and deletes it", () => {
    const directory = freshDirectory();
    const store = new FileSessionStore({ directory });
    writeFileSync(store.pathOf("secret"), serializeRecord(turn("q")));
    writeFileSync(store.pathOf("open"), serializeRecord(turn("q")));
    chmodSync(store.pathOf("secret"), 0o000);
    const listed = callInChild(directory, ["list"], { obeyModes: true });
    expect(listed.ok).toBe(true);
    expect(
      (listed.value as Array<{ name: string; turns: number; problem?: string }>)
        .map(({ name, turns, problem }) => ({ name, turns, problem }))
        .sort(byName),
    ).toEqual([
      { name: "open", turns: 1, problem: undefined },
      { name: "secret", turns: 0, problem: "permission denied" },
    ]);
    expect(callInChild(directory, ["clear", "secret"], { obeyModes: true })).toMatchObject({
      ok: true,
    });
    expect(existsSync(store.pathOf("secret"))).toBe(false);
  }, 30_000);

  it("fails a write that does not complete and leaves the file as it was", async () => {
    const directory = freshDirectory();
    const store = new FileSessionStore({ directory });
    // 900 bytes of records under a 1,024-byte limit: the next 500-byte record is cut short.
    await store.append("full", turn("kept", "y".repeat(900 - 100)));
    const before = readFileSync(store.pathOf("full"));
    expect(before.length).toBeGreaterThan(850);
    expect(before.length).toBeLessThan(1024);

    const cut = callInChild(directory, ["append", "full", "500"], { limitBlocks: 2 });
    expect(cut).toMatchObject({ ok: false, code: "config_invalid" });
    expect(cut.message).toMatch(
      /^Cannot save to session 'full' at .*full\.jsonl: only \d+ of \d+ bytes could be written \(is the disk full\?\): free some space there$/,
    );
    expect(readFileSync(store.pathOf("full"))).toEqual(before);

    // A small record still fits, on its own line; nothing looks torn or damaged.
    expect(callInChild(directory, ["append", "full", "10"], { limitBlocks: 2 })).toMatchObject({
      ok: true,
    });
    const loaded = await store.load("full");
    expect(loaded.warnings).toEqual([]);
    expect(turnsOf(loaded.records).map((record) => record.question)).toEqual([
      "kept",
      "10 characters",
    ]);

    // At the limit already: the write fails outright.
    const full = callInChild(directory, ["append", "full", "200"], { limitBlocks: 0 });
    expect(full.message).toContain(
      "the file is larger than this process may write (a file-size limit)",
    );
    expect(statSync(store.pathOf("full")).size).toBe(readFileSync(store.pathOf("full")).length);
    expect(turnsOf((await store.load("full")).records)).toHaveLength(2);
  }, 60_000);
});

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
