import { readFile } from "node:fs/promises";
import { ScriptedLlm } from "@langchain-mini/core/testing";
import { usageError } from "./usage-error.js";

/**
 * `--llm script:<file.json>`: a JSON array of strings, each the whole text the LLM
 * returns for one call. Runs offline, for tests, demos and replays.
 */
export async function createScriptLlm(path: string | undefined) {
  if (!path) throw usageError("--llm script: needs a file, e.g. --llm script:answers.json");
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === "ENOENT"
        ? "no such file"
        : String((error as Error).message);
    throw usageError(`Cannot read the script file ${path}: ${reason}`);
  }
  let replies: unknown;
  try {
    replies = JSON.parse(text);
  } catch (error) {
    throw usageError(
      `The script file ${path} is not valid JSON (${(error as Error).message}): it must be a JSON array of strings`,
    );
  }
  if (!Array.isArray(replies) || !replies.every((reply) => typeof reply === "string")) {
    throw usageError(`The script file ${path} must be a JSON array of strings, one LLM reply each`);
  }
  return new ScriptedLlm(replies, { source: path });
}
