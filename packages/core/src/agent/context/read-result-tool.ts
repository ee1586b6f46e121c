import type { Tool } from "../../contracts/tool.js";
import { parseLenientJson } from "../../tool-input/lenient-json.js";
import { count, READ_RESULT, type ReadHint } from "./bounded-result.js";
import { charactersWithin } from "./estimate-tokens.js";

/**
 * The built-in tool that reads a stored tool result by offset: what lets the model see
 * the rest of a result the prompt showed only the beginning and end of, or one a
 * compaction cleared. Each read gives at most `share` tokens, like a result in the prompt.
 * It reads the run's own results only, so it needs no approval and is not journaled
 * (a resumed run reads the same results again).
 */
export function readResultTool(
  results: ReadonlyMap<string, string>,
  share: number,
  hint: ReadHint,
): Tool {
  return {
    name: READ_RESULT,
    description:
      "Reads more of a tool result that was cut short or cleared to save room: give the result's id and the character offset to read from, as the line where it was cut says.",
    parameters: {
      type: "object",
      properties: {
        result: { type: "string", description: 'the result\'s id, e.g. "3"' },
        offset: { type: "integer", minimum: 0, description: "the first character to read" },
      },
      required: ["result"],
    },
    execute: (input) => {
      const wanted = readInput(input);
      const text = wanted && results.get(wanted.id);
      if (!wanted || text === undefined) {
        const ids = [...results.keys()];
        const known = ids.length ? `the results are ${listed(ids)}` : "there are no results yet";
        return `There is no result ${wanted ? `'${wanted.id.slice(0, 40)}'` : "named in that input"}: ${known}. Give the id and an offset as the line where a result was cut says, e.g. ${hint(ids.at(-1) ?? "1", 0)}.`;
      }
      const offset = Math.min(wanted.offset, text.length);
      // At most 16 characters a token: no need to look further into a result of megabytes.
      const window = text.slice(offset, offset + share * 16);
      const end = offset + charactersWithin(window, share);
      const next =
        end < text.length ? `; to read on: ${hint(wanted.id, end)}` : "; that is its end";
      return `${text.slice(offset, end)}\n[Characters ${count(offset)} to ${count(end)} of ${count(text.length)} of result ${wanted.id}${next}]`;
    },
  };
}

/** `{"result": "3", "offset": 400}` as models write it, or just `3 400`. */
function readInput(input: string): { id: string; offset: number } | undefined {
  const parsed = parseLenientJson(input);
  if (parsed.ok && typeof parsed.value === "object" && parsed.value !== null) {
    const { result, offset } = parsed.value as { result?: unknown; offset?: unknown };
    if (typeof result !== "string" && typeof result !== "number") return undefined;
    return { id: String(result).trim(), offset: toOffset(offset) };
  }
  if (parsed.ok && (typeof parsed.value === "number" || typeof parsed.value === "string")) {
    return { id: String(parsed.value).trim(), offset: 0 };
  }
  const plain = /^\s*"?([\w.-]+)"?\s*(?:[,;\s]\s*(?:offset\s*[:=]?\s*)?(\d+))?\s*$/i.exec(input);
  return plain?.[1] ? { id: plain[1], offset: toOffset(Number(plain[2] ?? 0)) } : undefined;
}

function toOffset(value: unknown) {
  const number = typeof value === "string" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) && number > 0
    ? Math.floor(number)
    : 0;
}

function listed(ids: readonly string[]) {
  return ids.length <= 12
    ? ids.join(", ")
    : `${ids.slice(0, 3).join(", ")} … ${ids.slice(-6).join(", ")}`;
}
