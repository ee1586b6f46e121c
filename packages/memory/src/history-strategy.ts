import {
  estimateTokens,
  LangchainMiniError,
  type Llm,
  type SessionRecord,
  type TurnRecord,
  turnsOf,
} from "@langchain-mini/core";
import { formatChatHistory } from "@langchain-mini/prompts";
import { type UpkeepContext, updateSummary } from "./summary.js";

export type { UpkeepContext } from "./summary.js";

/**
 * Decides what of a session's history the prompts receive. `history` is pure and cheap;
 * `afterTurn` lets a strategy do its upkeep (the summary) once a turn is stored.
 */
export interface HistoryStrategy {
  readonly name: string;
  history(records: readonly SessionRecord[]): string;
  afterTurn?(
    records: readonly SessionRecord[],
    context: UpkeepContext,
  ): Promise<SessionRecord | undefined>;
}

/** What a conversation's prompts get unless told otherwise: the last turns that fit 2,000 tokens. */
export const DEFAULT_HISTORY = "tokens:2000";
const DEFAULT_TOKEN_BUDGET = 2_000;

const asked = (turn: TurnRecord) => ({
  question: turn.standaloneQuestion ?? turn.question,
  answer: turn.answer,
});

/** Every turn: exact, but the prompt grows with the conversation. */
export function bufferHistory(): HistoryStrategy {
  return { name: "buffer", history: (records) => formatChatHistory(turnsOf(records).map(asked)) };
}

/** The last `turns` turns. */
export function windowHistory(turns: number): HistoryStrategy {
  return {
    name: `window:${turns}`,
    history: (records) => formatChatHistory(turnsOf(records).slice(-turns).map(asked)),
  };
}

/** As many recent turns as fit in `maxTokens` (estimated). */
export function tokenBudgetHistory(maxTokens: number): HistoryStrategy {
  return {
    name: `tokens:${maxTokens}`,
    history(records) {
      const chosen: TurnRecord[] = [];
      let used = 0;
      for (const turn of turnsOf(records).reverse()) {
        const cost = estimateTokens(formatChatHistory([asked(turn)])) + 1;
        if (used + cost > maxTokens) break;
        used += cost;
        chosen.unshift(turn);
      }
      return formatChatHistory(chosen.map(asked));
    },
  };
}

/**
 * A rolling summary written by the LLM, updated one turn at a time and stored with the
 * session, plus the turns it does not cover yet.
 */
export function summaryHistory(llm: Llm): HistoryStrategy {
  return {
    name: "summary",
    history(records) {
      const { summary, pending } = summaryState(records);
      const recent = formatChatHistory(pending.map(asked));
      return [summary && `Summary of the conversation so far: ${summary}`, recent]
        .filter(Boolean)
        .join("\n");
    },
    async afterTurn(records, context) {
      const { summary, covered, pending } = summaryState(records);
      if (pending.length === 0) return undefined;
      // Normally one turn; more only when an earlier process stopped before its update.
      const next = await updateSummary(
        llm,
        summary,
        formatChatHistory(pending.map(asked)),
        context,
      );
      return {
        type: "summary",
        summary: next,
        coveredTurns: covered + pending.length,
        at: new Date().toISOString(),
      };
    },
  };
}

function summaryState(records: readonly SessionRecord[]) {
  const turns = turnsOf(records);
  const latest = records.findLast((record) => record.type === "summary");
  const covered = latest?.type === "summary" ? Math.min(latest.coveredTurns, turns.length) : 0;
  const summary = latest?.type === "summary" ? latest.summary : "";
  return { summary, covered, pending: turns.slice(covered) };
}

/** `buffer`, `window[:k]`, `tokens[:n]` or `summary`, as the CLI's --history takes it. */
export function parseHistoryStrategy(given: string | undefined, llm: Llm): HistoryStrategy {
  const spec = given ?? DEFAULT_HISTORY;
  const [name, argument] = spec.split(":", 2);
  const number = (fallback: number) => {
    if (argument === undefined) return fallback;
    const value = Number(argument);
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new LangchainMiniError(
        "config_invalid",
        `--history ${spec}: '${argument}' must be a whole number of at least 1`,
      );
    }
    return value;
  };
  if (name === "buffer") return bufferHistory();
  if (name === "window") return windowHistory(number(10));
  if (name === "tokens") return tokenBudgetHistory(number(DEFAULT_TOKEN_BUDGET));
  if (name === "summary") return summaryHistory(llm);
  throw new LangchainMiniError(
    "config_invalid",
    `--history must be buffer, window[:turns], tokens[:budget] or summary, got '${spec}'`,
  );
}
