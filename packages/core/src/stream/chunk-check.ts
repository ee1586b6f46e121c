import { describeThrown, LangchainMiniError } from "../contracts/errors.js";
import type { Llm, LlmChunk } from "../contracts/llm.js";

const FINISH_REASONS: ReadonlySet<unknown> = new Set([
  "stop",
  "length",
  "tool-calls",
  "aborted",
  "other",
]);

/**
 * The chunk a provider's stream yielded, checked: a plug-in that yields `null`, a chunk
 * of another type or text that is not a string breaks the contract, and the run ends
 * with one line that says which provider did it (exit 2 in the CLI), never a TypeError
 * from deep inside the loop.
 */
export function checkChunk(llm: Llm, chunk: unknown): LlmChunk {
  const problem = chunkProblem(chunk);
  if (problem === undefined) return chunk as LlmChunk;
  throw new LangchainMiniError(
    "config_invalid",
    `The LLM provider '${llm.provider}' broke the plug-in contract: its stream yielded ${problem}, not a text, tool-call or finish chunk: fix the provider or choose another with --llm`,
  );
}

/**
 * What a provider's stream threw, as the run reports it: an Error stays as it is (ours
 * keep their code); a string, a plain object or an error whose message cannot be read
 * breaks the contract, in one line that names the provider.
 */
export function providerFailure(llm: Llm, error: unknown): unknown {
  if (readableError(error)) return error;
  return new LangchainMiniError(
    "config_invalid",
    `The LLM provider '${llm.provider}' broke the plug-in contract: it failed without a readable Error (${describeThrown(error)}): fix the provider or choose another with --llm`,
    { cause: error },
  );
}

function readableError(error: unknown) {
  try {
    return error instanceof Error && typeof error.message === "string";
  } catch {
    return false;
  }
}

function chunkProblem(chunk: unknown): string | undefined {
  if (chunk === null) return "null";
  if (typeof chunk !== "object") return `a ${typeof chunk}`;
  try {
    const { type } = chunk as { type?: unknown };
    if (type === "text") {
      return typeof (chunk as { text?: unknown }).text === "string"
        ? undefined
        : "a text chunk whose text is not a string";
    }
    if (type === "tool-call") {
      const call = (chunk as { call?: { id?: unknown; name?: unknown; arguments?: unknown } }).call;
      const whole =
        typeof call?.id === "string" &&
        typeof call.name === "string" &&
        typeof call.arguments === "string";
      return whole ? undefined : "a tool call without a string id, name and arguments";
    }
    if (type === "finish") {
      const { reason, usage } = chunk as { reason?: unknown; usage?: unknown };
      if (!FINISH_REASONS.has(reason)) return "a finish chunk with an unknown reason";
      return usage === undefined || usage === null || isUsage(usage)
        ? undefined
        : "a finish chunk whose usage is not token counts";
    }
    return typeof type === "string"
      ? `a chunk of unknown type '${type.slice(0, 40)}'`
      : "an object with no type";
  } catch {
    return "a chunk that cannot be read";
  }
}

function isUsage(value: unknown) {
  if (typeof value !== "object" || value === null) return false;
  const { inputTokens, outputTokens } = value as { inputTokens?: unknown; outputTokens?: unknown };
  return isCount(inputTokens) && isCount(outputTokens);
}

const isCount = (value: unknown) =>
  typeof value === "number" && Number.isFinite(value) && value >= 0;
