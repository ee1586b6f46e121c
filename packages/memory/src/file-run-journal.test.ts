import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunLease, RunRecord } from "@langchain-mini/core";
import { afterAll, describe, expect, it } from "vitest";
import { FileSessionStore } from "./file-session-store.js";
import { callInChild } from "./test-support/call-in-child.js";

const directories: string[] = [];
const freshStore = () => {
  const directory = mkdtempSync(join(tmpdir(), "run-journal-"));
  directories.push(directory);
  return new FileSessionStore({ directory });
};
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

const observed = (step: number, observation = `seen ${step}`): RunRecord => ({
  type: "tool-end",
  step,
  tool: "search",
  input: "q",
  observation,
});
const line = (record: RunRecord) => `${JSON.stringify(record)}\n`;
const lease = (owner: string): RunLease => ({
  owner,
  host: "here",
  pid: 7,
  expiresAt: 4_102_444_800_000,
});

describe("the file store's run journals", () => {
  it("keep one JSON line a record in runs/<id>.jsonl beside the sessions", async () => {
    const store = freshStore();
    await store.runs.append("r1", observed(1));
    await store.runs.append("r1", observed(2));
    expect(store.runs.pathOf("r1")).toBe(join(store.directory, "runs", "r1.jsonl"));
    expect(readFileSync(store.runs.pathOf("r1"), "utf8")).toBe(
      line(observed(1)) + line(observed(2)),
    );
    // The runs folder is no session.
    expect(await store.list()).toEqual([]);
  });

  for (const size of [40, 300_000]) {
    it(`leave out a last line torn by a crash (${size} bytes) with a warning, and the next append replaces it`, async () => {
      const store = freshStore();
      await store.runs.append("torn", observed(1));
      await store.runs.append("torn", observed(2));
      const whole = readFileSync(store.runs.pathOf("torn"), "utf8");
      appendFileSync(store.runs.pathOf("torn"), line(observed(3, "z".repeat(size))).slice(0, size));

      const loaded = await store.runs.load("torn");
      expect(loaded.records).toEqual([observed(1), observed(2)]);
      expect(loaded.warnings).toEqual([
        "Run 'torn': left out its last record, cut short during its write (a crash?); the next record replaces it",
      ]);

      await store.runs.append("torn", observed(3, "whole"));
      expect(readFileSync(store.runs.pathOf("torn"), "utf8")).toBe(
        whole + line(observed(3, "whole")),
      );
      expect(await store.runs.load("torn")).toEqual({
        records: [observed(1), observed(2), observed(3, "whole")],
        warnings: [],
      });
    });
  }

  it("skip lines that are not records with one warning, and leave them in place", async () => {
    const store = freshStore();
    mkdirSync(join(store.directory, "runs"), { recursive: true });
    const path = store.runs.pathOf("mixed");
    const text = `${line(observed(1))}not json\n{"type":"alien"}\n[1,2]\n\n${line(observed(2))}`;
    writeFileSync(path, text);
    const loaded = await store.runs.load("mixed");
    expect(loaded.records).toEqual([observed(1), observed(2)]);
    expect(loaded.warnings).toEqual([
      `Run 'mixed': skipped 3 unreadable lines of ${path} (line 2, 3, 4), left in place`,
    ]);
    await store.runs.append("mixed", observed(3));
    expect(readFileSync(path, "utf8")).toBe(text + line(observed(3)));
    expect((await store.runs.load("mixed")).records).toEqual(
      [1, 2, 3].map((step) => observed(step)),
    );
  });

  it("fail to read a run file they may not read with one line, still list it, and delete it", async () => {
    const store = freshStore();
    await store.runs.append("secret", observed(1));
    chmodSync(store.runs.pathOf("secret"), 0o000);
    const loaded = callInChild(store.directory, ["run-load", "secret"], { obeyModes: true });
    expect(loaded).toMatchObject({ ok: false, code: "config_invalid" });
    expect(loaded.message).toBe(
      `Cannot read run 'secret' at ${store.runs.pathOf("secret")}: permission denied: check that LANGCHAIN_MINI_HOME (or the default data directory) is a writable directory`,
    );
    const listed = callInChild(store.directory, ["run-list"], { obeyModes: true });
    expect(listed).toMatchObject({
      ok: true,
      value: [expect.objectContaining({ runId: "secret" })],
    });
    expect(callInChild(store.directory, ["run-delete", "secret"], { obeyModes: true })).toEqual({
      ok: true,
    });
    expect(existsSync(store.runs.pathOf("secret"))).toBe(false);
  }, 30_000);

  it("never read or write through a symbolic link in the runs folder", async () => {
    const store = freshStore();
    const victim = join(store.directory, "victim.txt");
    writeFileSync(victim, "precious\n");
    mkdirSync(join(store.directory, "runs"));
    symlinkSync(victim, store.runs.pathOf("linked"));
    const refusal = (action: string) => ({
      code: "config_invalid",
      message: `Cannot ${action} run 'linked' at ${store.runs.pathOf("linked")}: it is a symbolic link, and runs are never read or written through one: remove it or move it out of the runs folder`,
    });
    await expect(store.runs.append("linked", observed(1))).rejects.toMatchObject(
      refusal("save to"),
    );
    await expect(store.runs.load("linked")).rejects.toMatchObject(refusal("read"));
    expect(readFileSync(victim, "utf8")).toBe("precious\n");
    await store.runs.delete("linked");
    expect(readFileSync(victim, "utf8")).toBe("precious\n");
    expect(existsSync(store.runs.pathOf("linked"))).toBe(false);
  });

  it("list only run files, and delete a run's own lease files, not a similar run's", async () => {
    const store = freshStore();
    await store.runs.append("a", observed(1));
    await store.runs.append("a-b", observed(1));
    await store.runs.swapLease("a", undefined, lease("a"));
    await store.runs.swapLease("a-b", undefined, lease("a-b"));
    const folder = join(store.directory, "runs");
    // Foreign names, and a temporary lease file a crash left behind.
    for (const name of ["notes.txt", "bad.name.jsonl", ".hidden.jsonl", "a.lease.9.tmp-x"]) {
      writeFileSync(join(folder, name), "{}\n");
    }
    expect((await store.runs.list()).map((run) => run.runId).sort()).toEqual(["a", "a-b"]);
    await store.runs.delete("a");
    expect(readdirSync(folder).sort()).toEqual([
      ".hidden.jsonl",
      "a-b.jsonl",
      "a-b.lease.1",
      "bad.name.jsonl",
      "notes.txt",
    ]);
    expect(await store.runs.lease("a-b")).toEqual(lease("a-b"));
  });
});

describe("the file store's run leases", () => {
  it("keep one whole generation file, the newest, and no temporary files", async () => {
    const store = freshStore();
    const first = lease("first");
    const second = { ...first, expiresAt: first.expiresAt + 1 };
    expect(await store.runs.swapLease("r", undefined, first)).toBe(true);
    expect(await store.runs.swapLease("r", first, second)).toBe(true);
    const folder = join(store.directory, "runs");
    expect(readdirSync(folder)).toEqual(["r.lease.2"]);
    expect(JSON.parse(readFileSync(join(folder, "r.lease.2"), "utf8"))).toEqual(second);
    // Released: a generation saying so, so that numbers keep going up.
    expect(await store.runs.swapLease("r", second, undefined)).toBe(true);
    expect(readdirSync(folder)).toEqual(["r.lease.3"]);
    expect(readFileSync(join(folder, "r.lease.3"), "utf8")).toBe("null");
  });

  it("take the highest generation a crash left beside an older one, and clear both on the next swap", async () => {
    const store = freshStore();
    const folder = join(store.directory, "runs");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "r.lease.4"), JSON.stringify(lease("old")));
    writeFileSync(join(folder, "r.lease.5"), JSON.stringify(lease("new")));
    expect(await store.runs.lease("r")).toEqual(lease("new"));
    expect(await store.runs.swapLease("r", lease("old"), lease("mine"))).toBe(false);
    expect(await store.runs.swapLease("r", lease("new"), lease("mine"))).toBe(true);
    expect(readdirSync(folder)).toEqual(["r.lease.6"]);
  });

  it("count a lease file that is not a lease as no lease, with a warning", async () => {
    const store = freshStore();
    const folder = join(store.directory, "runs");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "r.lease.1"), '{"owner":"half"');
    const warnings: string[] = [];
    const onWarning = (message: string) => warnings.push(message);
    expect(await store.runs.lease("r", { onWarning })).toBeUndefined();
    expect(warnings).toEqual([
      `Run 'r': ${join(folder, "r.lease.1")} is not a lease, so the run counts as held by nobody`,
    ]);
    expect(await store.runs.swapLease("r", undefined, lease("mine"), { onWarning })).toBe(true);
    expect(await store.runs.lease("r")).toEqual(lease("mine"));
  });
});
