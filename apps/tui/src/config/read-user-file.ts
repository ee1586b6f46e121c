import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { usageError } from "./usage-error.js";

/** Reads a file the user named; a failure is a one-line usage error naming the full path tried. */
export async function readUserFile(path: string, what: string) {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "it is a folder"
          : (error as Error).message;
    throw usageError(`Cannot read ${what} ${resolve(path)}: ${reason}`);
  }
}
