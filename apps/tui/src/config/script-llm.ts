import { ScriptedLlm } from "@langchain-mini/core/testing";
import { readUserFile } from "./read-user-file.js";
import { usageError } from "./usage-error.js";

/**
 * `--llm script:<file.json>`: a JSON array of strings, each the whole text the LLM
 * returns for one call (or an object with `text` and `delayMs`). Runs offline, for tests, demos and replays.
 */
export async function createScriptLlm(path: string | undefined) {
  if (!path) throw usageError("--llm script: needs a file, e.g. --llm script:answers.json");
  const text = await readUserFile(path, "the script file");
  let replies: unknown;
  try {
    replies = JSON.parse(text);
  } catch (error) {
    throw usageError(
      `The script file ${path} is not valid JSON (${(error as Error).message}): it must be a JSON array of strings`,
    );
  }
  if (!Array.isArray(replies) || !replies.every(isReply)) {
    throw usageError(
      `The script file ${path} must be a JSON array of strings (or {"text", "delayMs"} objects), one LLM reply each`,
    );
  }
  return new ScriptedLlm(replies, { source: path });
}

/** A reply is its text, or `{ "text": "…", "delayMs": 500 }` for a slow one (demos, cancel tests). */
function isReply(reply: unknown): reply is string | { text: string; delayMs?: number } {
  if (typeof reply === "string") return true;
  if (typeof reply !== "object" || reply === null || Array.isArray(reply)) return false;
  const { text, delayMs } = reply as Record<string, unknown>;
  return (
    typeof text === "string" &&
    (delayMs === undefined || (typeof delayMs === "number" && delayMs >= 0))
  );
}
