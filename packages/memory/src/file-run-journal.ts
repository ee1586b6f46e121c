import { existsSync } from "node:fs";
import { lstat, readdir, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import {
  type AppendOptions,
  checkRunId,
  isRunId,
  type LoadedRun,
  type RunJournal,
  type RunLease,
  type RunListing,
  type RunRecord,
  type StoreCallOptions,
} from "@langchain-mini/core";
import { makeDirectory } from "@langchain-mini/core/files";
import { FileRunLeases } from "./file-run-lease.js";
import { appendRunLine, parseRunLines } from "./run-file.js";
import { readSessionFile } from "./session-file.js";
import { runStorageError } from "./storage-error.js";
import { syncDirectory } from "./sync-directory.js";

/**
 * Run journals as files: `<runId>.jsonl` in `directory`, one JSON record a line, and the
 * run's lease beside it (see `FileRunLeases`). An append is one `write` on the file
 * opened for appending, then `fdatasync`: when it resolves, the record survives a crash.
 * Appends to one run through one journal are made one at a time, in the order they were
 * called; the journal's one writer is the process that holds the run's lease.
 */
export class FileRunJournal implements RunJournal {
  readonly directory: string;
  readonly #leases: FileRunLeases;
  /** Each run's latest append, which the next one waits for. */
  readonly #appending = new Map<string, Promise<unknown>>();
  /** Folders whose new entries the next durable append makes durable (see `#append`). */
  readonly #unsynced = new Set<string>();

  constructor(directory: string) {
    this.directory = directory;
    this.#leases = new FileRunLeases(directory);
  }

  pathOf(runId: string) {
    return join(this.directory, `${checkRunId(runId)}.jsonl`);
  }

  async append(runId: string, record: RunRecord, options: AppendOptions = {}): Promise<void> {
    const path = this.pathOf(runId);
    const line = `${JSON.stringify(record)}\n`;
    const durable = options.durable !== false;
    const previous = this.#appending.get(runId) ?? Promise.resolve();
    const appended = previous
      .catch(() => undefined)
      .then(() => this.#append(runId, path, line, durable));
    this.#appending.set(runId, appended);
    // The last one out leaves nothing behind.
    const forget = () => {
      if (this.#appending.get(runId) === appended) this.#appending.delete(runId);
    };
    appended.then(forget, forget);
    await appended;
  }

  async #append(runId: string, path: string, line: string, durable: boolean) {
    try {
      if (makeFolder(this.directory)) this.#unsynced.add(dirname(this.directory));
      if (await appendRunLine(path, line, durable)) this.#unsynced.add(this.directory);
      // A new name lives in its folder, and a new folder in its parent: durable with the
      // first durable record (a record that need not be durable needs no name either).
      if (!durable) return;
      for (const folder of [...this.#unsynced]) {
        await syncDirectory(folder);
        this.#unsynced.delete(folder);
      }
    } catch (error) {
      throw runStorageError("save to", runId, path, error);
    }
  }

  async load(runId: string): Promise<LoadedRun> {
    const path = this.pathOf(runId);
    let text: string | undefined;
    try {
      text = await readSessionFile(path);
    } catch (error) {
      throw runStorageError("read", runId, path, error);
    }
    if (text === undefined) return { records: [], warnings: [] };
    return parseRunLines(text, runId, path);
  }

  async list(): Promise<RunListing[]> {
    let names: string[];
    try {
      names = await readdir(this.directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw runStorageError("list", "*", this.directory, error);
    }
    const runs = await Promise.all(
      names
        .filter((name) => name.endsWith(".jsonl") && isRunId(name.slice(0, -".jsonl".length)))
        .map(async (name): Promise<RunListing | undefined> => {
          try {
            const { mtime } = await lstat(join(this.directory, name));
            return { runId: name.slice(0, -".jsonl".length), updatedAt: mtime };
          } catch {
            // Deleted since the folder was read.
            return undefined;
          }
        }),
    );
    return runs
      .filter((run) => run !== undefined)
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
  }

  async delete(runId: string) {
    const path = this.pathOf(runId);
    try {
      // The lease first: a delete cut short leaves the run listed, to be deleted again.
      await this.#leases.remove(runId);
      await unlink(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw runStorageError("delete", runId, path, error);
    }
  }

  async lease(runId: string, options: StoreCallOptions = {}): Promise<RunLease | undefined> {
    const path = join(this.directory, `${checkRunId(runId)}.lease.*`);
    try {
      return await this.#leases.read(runId, options.onWarning);
    } catch (error) {
      throw runStorageError("read the lease of", runId, path, error);
    }
  }

  async swapLease(
    runId: string,
    expected: RunLease | undefined,
    next: RunLease | undefined,
    options: StoreCallOptions = {},
  ): Promise<boolean> {
    const path = join(this.directory, `${checkRunId(runId)}.lease.*`);
    try {
      makeFolder(this.directory);
      return await this.#leases.swap(runId, expected, next, options.onWarning);
    } catch (error) {
      throw runStorageError("set the lease of", runId, path, error);
    }
  }
}

/** Makes the folder (and its parents) when missing; true when it was made. */
function makeFolder(directory: string) {
  const missing = !existsSync(directory);
  makeDirectory(directory);
  return missing;
}
