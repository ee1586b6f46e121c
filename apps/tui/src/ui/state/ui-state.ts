import type { LlmCallPurpose, UsageTally } from "@langchain-mini/core";
import type { PendingApproval } from "./approval.js";
import type { SessionPicker } from "./session-picker.js";

/** How a run ended, or that it is still going. */
export type RunOutcome = "running" | "answered" | "stopped" | "failed" | "cancelled";

/** One LLM call of a run and what followed it. Every string here is safe to draw. */
export interface TraceStep {
  readonly step: number;
  /** The completion so far, untouched: kept so each batch re-sanitises it whole. */
  readonly raw: string;
  /** `raw` with terminal control sequences removed. */
  readonly streamed: string;
  /** Set once the step's action or answer is parsed; until then the UI splits `streamed`. */
  readonly thought?: string;
  readonly tool?: string;
  /** Where the tool comes from, e.g. `MCP server "files"`. */
  readonly toolOrigin?: string;
  readonly toolInput?: string;
  readonly observation?: string;
  readonly finalAnswer?: string;
  readonly formatError?: string;
  readonly toolError?: string;
  /** What the user decided about the call, when it waited for approval. */
  readonly approval?: string;
  readonly declined?: boolean;
}

/**
 * The run the trace pane shows: the current one, or the last one. Its `usage` and `cost`
 * (a tally: `costTotal` says whether the cost is known) count memory's calls too.
 */
export interface RunView extends UsageTally {
  readonly id: number;
  readonly question: string;
  /** The question the agent worked on, when memory rewrote a follow-up. */
  readonly standaloneQuestion?: string;
  readonly steps: readonly TraceStep[];
  readonly warnings: readonly string[];
  readonly error?: string;
  readonly outcome: RunOutcome;
  /** What the run is waiting on, for the spinner. */
  readonly waitingOn?: "llm" | "tool";
  /** Memory's call in flight (rewriting a follow-up, keeping the summary), if any. */
  readonly memoryCall?: LlmCallPurpose;
  readonly step: number;
  readonly maxSteps: number;
  readonly startedAt: number;
  readonly endedAt?: number;
}

/** `help` is /help's table of keys and commands (its text is the plain form). */
export type EntryKind = "question" | "answer" | "notice" | "error" | "cancelled" | "help";

export interface ConversationEntry {
  readonly id: number;
  readonly kind: EntryKind;
  readonly text: string;
  /** A run's end (its answer, error or cancel): its steps and cost in one line. */
  readonly summary?: string;
}

export type PaneName = "conversation" | "trace";

export interface UiState {
  readonly conversation: readonly ConversationEntry[];
  readonly run?: RunView;
  /** What the session's earlier runs spent; the status bar adds the current run's. */
  readonly spentBeforeRun: UsageTally;
  /** `provider:model`, for the status bar. */
  readonly model: string;
  readonly session?: string;
  readonly nextId: number;
  /** Long observations show whole (Ctrl+O toggles). */
  readonly unfolded: boolean;
  /** The pane PgUp / PgDn scroll. */
  readonly focus: PaneName;
  /** Ctrl+C was pressed during a run: the next one quits. */
  readonly confirmingQuit: boolean;
  /** A tool call waiting for the user's yes or no. */
  readonly approval?: PendingApproval;
  /** /resume's list of stored conversations, while it is open. */
  readonly picker?: SessionPicker;
}
