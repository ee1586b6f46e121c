import { lstat, readdir, rename, rmdir, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  checkSessionName,
  dataHome,
  isSessionName,
  isSessionRecord,
  type LoadedSession,
  type SessionInfo,
  type SessionRecord,
  type SessionStore,
} from "@langchain-mini/core";
import { makeDirectory } from "@langchain-mini/core/files";
import { FileRunJournal } from "./file-run-journal.js";
import { appendToSessionFile, readSessionFile } from "./session-file.js";
import { isTornRecord, serializeRecord } from "./session-record.js";
import { entryProblem, storageError } from "./storage-error.js";
import { syncDirectory } from "./sync-directory.js";

/**
 * One append-only JSON-lines file per session. Each record is one `write` on a file
 * opened with O_APPEND, then fsync: a crash loses at most the record being written, and
 * two processes appending to one session never interleave inside a line; an append that
 * does not complete (a full disk) is cut back off and fails. A damaged or foreign file is
 * moved aside (kept, never deleted) and its readable records carried over. Symbolic links
 * and other non-files in the folder are refused, never followed.
 */
export class FileSessionStore implements SessionStore {
  readonly directory: string;
  /** Run journals and leases, in the `runs` folder beside the sessions. */
  readonly runs: FileRunJournal;

  constructor(
    options: {
      readonly directory?: string;
      readonly env?: Readonly<Record<string, string | undefined>>;
    } = {},
  ) {
    this.directory = options.directory ?? join(dataHome(options.env), "sessions");
    this.runs = new FileRunJournal(join(this.directory, "runs"));
  }

  pathOf(session: string) {
    return join(this.directory, `${checkSessionName(session)}.jsonl`);
  }

  async load(session: string): Promise<LoadedSession> {
    const path = this.pathOf(session);
    let text: string | undefined;
    try {
      text = await readSessionFile(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EISDIR") {
        return this.#moveAside(session, path, []);
      }
      throw storageError("read", session, path, error);
    }
    if (text === undefined) return { records: [], warnings: [] };
    const { records, damaged } = readRecords(text);
    if (!damaged) return { records, warnings: [] };
    return this.#moveAside(session, path, records);
  }

  async append(session: string, record: SessionRecord) {
    const path = this.pathOf(session);
    try {
      makeDirectory(this.directory);
      // After a torn write the file ends mid-line; start ours on a fresh line.
      const size = await appendToSessionFile(
        path,
        ({ endsInNewline }) => `${endsInNewline ? "" : "\n"}${serializeRecord(record)}`,
      );
      // A new file's name lives in the directory: make that durable too.
      if (size === 0) await syncDirectory(this.directory);
    } catch (error) {
      throw storageError("save to", session, path, error);
    }
  }

  async clear(session: string) {
    const path = this.pathOf(session);
    try {
      // A link is removed, never what it points to.
      await unlink(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return;
      if (code === "EISDIR" || code === "EPERM") {
        // A directory where the file should be: removed only when empty.
        const removed = await rmdir(path).then(
          () => true,
          () => false,
        );
        if (removed) return;
      }
      throw storageError("delete", session, path, error);
    }
  }

  async list(): Promise<SessionInfo[]> {
    let names: string[];
    try {
      names = (await readdir(this.directory)).filter(
        (name) => name.endsWith(".jsonl") && isSessionName(name.slice(0, -".jsonl".length)),
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw storageError("list", "*", this.directory, error);
    }
    const sessions = await Promise.all(
      names.map(async (file): Promise<SessionInfo | undefined> => {
        const name = file.slice(0, -".jsonl".length);
        const path = join(this.directory, file);
        let updatedAt: Date;
        try {
          updatedAt = (await lstat(path)).mtime;
        } catch {
          // Deleted since the folder was read.
          return undefined;
        }
        try {
          const text = (await readSessionFile(path)) ?? "";
          const turns = readRecords(text).records.filter((record) => record.type === "turn");
          const last = turns.at(-1);
          const lastQuestion = last ? { lastQuestion: last.question } : {};
          return { name, turns: turns.length, updatedAt, ...lastQuestion };
        } catch (error) {
          // Listed all the same, so the user sees it and can delete it.
          return { name, turns: 0, updatedAt, problem: entryProblem(error) };
        }
      }),
    );
    return sessions
      .filter((session) => session !== undefined)
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
  }

  /**
   * Keeps the original under a new name for the user to inspect and puts the readable
   * records back in its place. Not coordinated with another process appending in the
   * same instant; damage is rare enough that the simple way wins.
   */
  async #moveAside(
    session: string,
    path: string,
    records: readonly SessionRecord[],
  ): Promise<LoadedSession> {
    const aside = `${path}.damaged-${Date.now()}`;
    const temporary = `${path}.tmp-${process.pid}`;
    try {
      // "wx": never through a link or over a file someone left under that name.
      await unlink(temporary).catch(() => undefined);
      await writeFile(temporary, records.map(serializeRecord).join(""), { flag: "wx" });
      await rename(path, aside);
      if (records.length > 0) await rename(temporary, path);
      else await unlink(temporary);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw storageError("repair", session, path, error);
    }
    return {
      records,
      warnings: [
        `Session '${session}' had unreadable content: kept ${records.length} record${records.length === 1 ? "" : "s"}, moved the original to ${aside}`,
      ],
    };
  }
}

/** The records of a file; `damaged` when something other than a torn write is unreadable. */
function readRecords(text: string) {
  const records: SessionRecord[] = [];
  let damaged = false;
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      // A write cut short by a crash: that one record is lost, the rest is sound.
      if (!isTornRecord(line)) damaged = true;
      continue;
    }
    if (isSessionRecord(value)) records.push(value);
    else damaged = true;
  }
  return { records, damaged };
}
