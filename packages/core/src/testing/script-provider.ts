import { resolve } from "node:path";
import { LangchainMiniError } from "../contracts/errors.js";
import type { CreateLlmOptions } from "../contracts/plugins.js";
import { readTextFile, textFileProblem } from "../files/read-text-file.js";
import { SCRIPT_CAPABILITIES, ScriptedLlm, type ScriptedReply } from "./scripted-llm.js";

// `--llm script:<file.json>` as a plug-in module of the same contract as every provider:
// replies in order, offline, for tests, demos and replays.

export const description = "replies from a JSON file, in order (offline: tests, demos, replays)";

export const capabilities = SCRIPT_CAPABILITIES;

const SHAPE =
  'a JSON array of replies, each a string (the whole text of one LLM call) or {"text", "toolCalls", "delayMs"}';

export async function createLlm(options: CreateLlmOptions) {
  if (!options.model) {
    throw invalid("--llm script: needs a file, e.g. --llm script:answers.json");
  }
  const path = resolve(options.cwd ?? process.cwd(), options.model);
  let text: string;
  try {
    text = await readTextFile(path, { signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw invalid(`Cannot read the script file ${path}: ${textFileProblem(error)}`);
  }
  let replies: unknown;
  try {
    replies = JSON.parse(text);
  } catch (error) {
    throw invalid(
      `The script file ${path} is not valid JSON (${(error as Error).message}): it must be ${SHAPE}`,
    );
  }
  if (!Array.isArray(replies)) throw invalid(`The script file ${path} must be ${SHAPE}`);
  const bad = replies.findIndex((reply) => !isReply(reply));
  if (bad !== -1) {
    throw invalid(
      `Reply ${bad + 1} in the script file ${path} is neither a string nor {"text", "toolCalls": [{"name", "arguments"}], "delayMs"}`,
    );
  }
  // A long script run keeps no copy of every prompt.
  return new ScriptedLlm(replies as ScriptedReply[], { source: path, record: false });
}

function isReply(reply: unknown): boolean {
  if (typeof reply === "string") return true;
  if (typeof reply !== "object" || reply === null || Array.isArray(reply)) return false;
  const { text, delayMs, toolCalls } = reply as Record<string, unknown>;
  return (
    (text === undefined || typeof text === "string") &&
    (delayMs === undefined || (typeof delayMs === "number" && delayMs >= 0)) &&
    (toolCalls === undefined || (Array.isArray(toolCalls) && toolCalls.every(isToolCall))) &&
    (text !== undefined || toolCalls !== undefined)
  );
}

function isToolCall(call: unknown) {
  if (typeof call !== "object" || call === null) return false;
  const { name, id } = call as Record<string, unknown>;
  return (
    typeof name === "string" && name.length > 0 && (id === undefined || typeof id === "string")
  );
}

function invalid(message: string) {
  return new LangchainMiniError("config_invalid", message);
}
