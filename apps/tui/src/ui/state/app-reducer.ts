import {
  type AgentEvent,
  addTallies,
  type CostSum,
  NO_TALLY,
  type TokenUsage,
  type UsageTally,
} from "@langchain-mini/core";
import { terminalText as safe } from "@langchain-mini/host";
import type { Turn } from "../chat-service.js";
import { runSummaryText } from "../text/summary-text.js";
import { type ApprovalAction, reduceApproval } from "./approval.js";
import { reduceRun } from "./run-reducer.js";
import { type PickerAction, reducePicker } from "./session-picker.js";
import type { ConversationEntry, EntryKind, RunView, UiState } from "./ui-state.js";

export type UiAction =
  | {
      readonly type: "submitted";
      readonly question: string;
      readonly maxSteps: number;
      readonly now: number;
    }
  /** A batch of events from the current run, coalesced so streaming costs few renders. */
  | { readonly type: "agent-events"; readonly events: readonly AgentEvent[]; readonly now: number }
  | { readonly type: "cancelled"; readonly now: number }
  | { readonly type: "note"; readonly kind: "notice" | "error" | "help"; readonly text: string }
  | { readonly type: "cleared" }
  /** /new or /session: a different conversation, with the turns it already holds. */
  | {
      readonly type: "conversation-started";
      readonly session?: string;
      readonly turns: readonly Turn[];
    }
  | { readonly type: "model-changed"; readonly model: string }
  | { readonly type: "fold-toggled" }
  | { readonly type: "focus-moved" }
  | { readonly type: "quit-asked" }
  | { readonly type: "quit-dismissed" }
  | ApprovalAction
  | PickerAction;

export interface StartingPoint {
  readonly model: string;
  readonly notices?: readonly string[];
  /** A stored session the app opened with, and its earlier turns. */
  readonly session?: string;
  readonly turns?: readonly Turn[];
}

export function initialState({ model, notices = [], session, turns = [] }: StartingPoint): UiState {
  const base: UiState = {
    conversation: [],
    spentBeforeRun: NO_TALLY,
    model,
    nextId: 1,
    unfolded: false,
    focus: "conversation",
    confirmingQuit: false,
  };
  const resumed = uiReducer(base, { type: "conversation-started", session, turns });
  return notices.reduce((state, text) => withEntry(state, "notice", text), resumed);
}

export const isRunning = (state: UiState) => state.run?.outcome === "running";

/** What the whole session spent so far, the current run included. */
function sessionSpent(state: UiState): UsageTally {
  return state.run ? addTallies(state.spentBeforeRun, state.run) : state.spentBeforeRun;
}

/** Tokens of the whole session so far, the current run included. */
export function sessionUsage(state: UiState): TokenUsage {
  return sessionSpent(state).usage;
}

/** What the whole session cost so far, the current run included. */
export function sessionCost(state: UiState): CostSum {
  return sessionSpent(state).cost;
}

export function uiReducer(state: UiState, action: UiAction): UiState {
  switch (action.type) {
    case "submitted": {
      const next = withEntry(state, "question", action.question);
      return {
        ...next,
        spentBeforeRun: sessionSpent(state),
        run: newRun(next.nextId, safe(action.question), action.maxSteps, action.now),
        confirmingQuit: false,
      };
    }
    case "agent-events":
      return action.events.reduce(
        (current, event) => applyEvent(current, event, action.now),
        state,
      );
    case "cancelled": {
      if (!state.run || !isRunning(state)) return state;
      const run: RunView = {
        ...state.run,
        outcome: "cancelled",
        waitingOn: undefined,
        endedAt: action.now,
      };
      return {
        ...withEntry(state, "cancelled", "cancelled"),
        run,
        confirmingQuit: false,
        approval: undefined,
      };
    }
    case "note":
      return withEntry(state, action.kind, action.text);
    case "cleared":
      return { ...state, conversation: [], run: isRunning(state) ? state.run : undefined };
    case "conversation-started": {
      const fresh: UiState = {
        ...state,
        conversation: [],
        run: undefined,
        spentBeforeRun: NO_TALLY,
        session: action.session,
      };
      return action.turns.reduce(
        (current, turn) =>
          withEntry(withEntry(current, "question", turn.question), "answer", turn.answer),
        fresh,
      );
    }
    case "model-changed":
      return { ...state, model: action.model };
    case "fold-toggled":
      return { ...state, unfolded: !state.unfolded };
    case "focus-moved":
      return { ...state, focus: state.focus === "conversation" ? "trace" : "conversation" };
    case "quit-asked":
      return { ...state, confirmingQuit: true };
    case "quit-dismissed":
      return { ...state, confirmingQuit: false };
    case "approval-asked":
    case "approval-note-started":
    case "approval-note-edited":
    case "approval-scrolled":
    case "approval-answered":
      return withApproval(state, reduceApproval(state.approval, action));
    case "picker-opened":
    case "picker-moved":
    case "picker-closed":
      return { ...state, picker: reducePicker(state.picker, action) };
    default:
      action satisfies never;
      return state;
  }
}

function applyEvent(state: UiState, event: AgentEvent, now: number): UiState {
  // Events that arrive after a cancel belong to a run the user has already left.
  if (!state.run || !isRunning(state)) return state;
  const run = reduceRun(state.run, event);
  if (event.type !== "run-end") return { ...state, run };
  const ended: RunView = { ...run, endedAt: now };
  const { result } = event;
  // Nothing is running any more: no question to confirm quitting over, no call to approve.
  const settled = { confirmingQuit: false, approval: undefined, run: ended };
  const summary = runSummaryText(ended.steps.length, result);
  if (result.status === "answered")
    return { ...withEntry(state, "answer", result.answer ?? "", summary), ...settled };
  const text = ended.outcome === "cancelled" ? "cancelled" : (ended.error ?? "No answer");
  return {
    ...withEntry(state, ended.outcome === "cancelled" ? "cancelled" : "error", text, summary),
    ...settled,
  };
}

/** A prompt only while its run goes: a late question from a run that ended is dropped. */
function withApproval(state: UiState, approval: UiState["approval"]): UiState {
  return { ...state, approval: isRunning(state) ? approval : undefined };
}

function newRun(id: number, question: string, maxSteps: number, now: number): RunView {
  return {
    id,
    question,
    steps: [],
    warnings: [],
    outcome: "running",
    step: 0,
    maxSteps,
    ...NO_TALLY,
    startedAt: now,
  };
}

function withEntry(state: UiState, kind: EntryKind, text: string, summary?: string): UiState {
  const entry: ConversationEntry = {
    id: state.nextId,
    kind,
    text: safe(text),
    ...(summary ? { summary } : {}),
  };
  return { ...state, conversation: [...state.conversation, entry], nextId: state.nextId + 1 };
}
