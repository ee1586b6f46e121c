import { mkdir, open, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dataHome } from "./data-home.js";
import { checkSessionName, isSessionRecord, type SessionRecord } from "./session-record.js";
import type { LoadedSession, SessionInfo, SessionStore } from "./session-store.js";

/**
 * One append-only JSON-lines file per session. Each record is one `write` on a file
 * opened with O_APPEND, then fsync: a crash loses at most the record being written, and
 * two processes appending to one session never interleave inside a line. A damaged file
 * is moved aside (kept, never deleted) and its readable records carried over.
 */
export class FileSessionStore implements SessionStore {
  readonly directory: string;

  constructor(
    options: {
      readonly directory?: string;
      readonly env?: Readonly<Record<string, string | undefined>>;
    } = {},
  ) {
    this.directory = options.directory ?? join(dataHome(options.env), "sessions");
  }

  pathOf(session: string) {
    return join(this.directory, `${checkSessionName(session)}.jsonl`);
  }

  async load(session: string): Promise<LoadedSession> {
    const path = this.pathOf(session);
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return { records: [], warnings: [] };
      throw error;
    }
    const lines = text.split("\n");
    const records: SessionRecord[] = [];
    let damaged = false;
    for (const [index, line] of lines.entries()) {
      if (!line.trim()) continue;
      const record = parse(line);
      if (record) records.push(record);
      // A torn last line is a write cut short by a crash: that record is simply lost.
      else if (index < lines.length - 1) damaged = true;
    }
    if (!damaged) return { records, warnings: [] };
    const aside = `${path}.damaged-${Date.now()}`;
    await rename(path, aside);
    await this.#rewrite(path, records);
    return {
      records,
      warnings: [
        `Session '${session}' had unreadable lines: kept ${records.length} records, moved the original to ${aside}`,
      ],
    };
  }

  async append(session: string, record: SessionRecord) {
    const path = this.pathOf(session);
    await mkdir(this.directory, { recursive: true });
    const file = await open(path, "a+");
    try {
      // After a torn write the file ends mid-line; start ours on a fresh line.
      const { size } = await file.stat();
      let prefix = "";
      if (size > 0) {
        const last = Buffer.alloc(1);
        await file.read(last, 0, 1, size - 1);
        if (last[0] !== 0x0a) prefix = "\n";
      }
      await file.write(`${prefix}${JSON.stringify(record)}\n`);
      await file.sync();
    } finally {
      await file.close();
    }
  }

  async clear(session: string) {
    try {
      await unlink(this.pathOf(session));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }

  async list(): Promise<SessionInfo[]> {
    let names: string[];
    try {
      names = (await readdir(this.directory)).filter((name) => name.endsWith(".jsonl"));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const sessions = await Promise.all(
      names.map(async (file) => {
        const path = join(this.directory, file);
        const [text, info] = await Promise.all([readFile(path, "utf8"), stat(path)]);
        const turns = text.split("\n").filter((line) => parse(line)?.type === "turn").length;
        return { name: file.slice(0, -".jsonl".length), turns, updatedAt: info.mtime };
      }),
    );
    return sessions.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
  }

  async #rewrite(path: string, records: readonly SessionRecord[]) {
    const temporary = `${path}.tmp-${process.pid}`;
    await writeFile(temporary, records.map((record) => `${JSON.stringify(record)}\n`).join(""));
    await rename(temporary, path);
  }
}

function parse(line: string): SessionRecord | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return isSessionRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
