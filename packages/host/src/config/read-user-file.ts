import { resolve } from "node:path";
import { readTextFile, textFileProblem } from "@langchain-mini/core/files";
import { usageError } from "./usage-error.js";

/**
 * Reads a file the user named; a failure is a one-line usage error naming the full path
 * tried. A FIFO is read as it is written, and a signal still ends the wait.
 */
export async function readUserFile(path: string, what: string) {
  try {
    return await readTextFile(path);
  } catch (error) {
    throw usageError(`Cannot read ${what} ${resolve(path)}: ${textFileProblem(error)}`);
  }
}
