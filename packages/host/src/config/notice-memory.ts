import { readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { makeDirectory } from "@langchain-mini/core/files";

/** In the data directory: which start-up notices were shown, for which setting. */
const NOTICES_FILE = "notices-shown.json";

/** Larger than any file this module writes: anything bigger was not written by it. */
const MAX_FILE_BYTES = 64 * 1024;

/**
 * A start-up notice that needs saying once per setting, not on every run (a default tool
 * left out for want of a key): `text` is what to say now, or undefined when the setting no
 * longer calls for it (the key was set), which forgets that it was said.
 */
export interface OnceNotice {
  readonly key: string;
  readonly text: string | undefined;
}

/**
 * The notices to show now: those not shown before with this very text. The data
 * directory remembers what was shown, so a notice comes back once its setting changes
 * (its text differs, or it stopped applying in between). A memory that cannot be read or
 * written only costs the notice being said again.
 */
export async function noticesToShow(
  dataDirectory: string,
  notices: readonly OnceNotice[],
): Promise<string[]> {
  if (notices.length === 0) return [];
  const file = join(dataDirectory, NOTICES_FILE);
  const shown = await readShown(file);
  const now = notices.filter(({ key, text }) => text !== undefined && shown.get(key) !== text);
  const changed = notices.some(({ key, text }) => shown.get(key) !== text);
  for (const { key, text } of notices) {
    if (text === undefined) shown.delete(key);
    else shown.set(key, text);
  }
  if (changed) await writeShown(dataDirectory, file, shown);
  return now.map(({ text }) => text ?? "");
}

async function readShown(file: string): Promise<Map<string, string>> {
  // A Map, not an object: a hand-edited file may hold `constructor` or `__proto__`.
  const shown = new Map<string, string>();
  try {
    // Only a plain file of a sensible size: a FIFO put there would never end a read.
    const info = await stat(file);
    if (!info.isFile() || info.size > MAX_FILE_BYTES) return shown;
    const text = await readFile(file, "utf8");
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return shown;
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === "string") shown.set(key, value);
    }
  } catch {
    // Missing, unreadable or not JSON: nothing was remembered.
  }
  return shown;
}

async function writeShown(dataDirectory: string, file: string, shown: Map<string, string>) {
  // Written aside, then renamed over: a full disk or a kill mid-write leaves the old file.
  const aside = `${file}.${process.pid}.tmp`;
  try {
    // Not Node's recursive mkdir: it spins for ever where a parent refuses entries (/proc).
    makeDirectory(dataDirectory);
    await writeFile(aside, `${JSON.stringify(Object.fromEntries(shown), null, 2)}\n`);
    await rename(aside, file);
  } catch {
    // Not remembered: the notice shows again next time, which is all it costs.
    await rm(aside, { force: true }).catch(() => undefined);
  }
}
