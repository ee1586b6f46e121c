import type { RunRecord, RunSettings } from "@langchain-mini/core";
import type { Runtime } from "../config/runtime.js";
import type { JournaledRun } from "../runs/journaled-run.js";
import type { RunOutput } from "./observe-run.js";

/** A turn as the session runs it: what it asks, where it is journaled, what it replays. */
export interface TurnPlan {
  /** The question as the user asked it. */
  readonly question: string;
  /** The run's id: a new one, or the resumed run's own. */
  readonly runId: string;
  /** A resumed turn's question as the agent had it (rewritten from the history before). */
  readonly standalone?: string;
  /** The date the prompt says it is: a resumed run keeps its own. */
  readonly today: string;
  readonly conversation?: string;
  /** Aborted when another process takes the run over. */
  readonly lost: AbortController;
  journaled?: JournaledRun;
  /** The journal's records, for a resumed run. */
  recorded?: readonly RunRecord[];
  /** The run's output, once it has started: where the journal's warnings go. */
  output?: RunOutput;
}

/**
 * What a run's journal records of how it was started, to start it again: the model and
 * tools as they were named (`--llm`, `--tools`, `--mcp`), the limits, the date.
 */
export function runSettings(
  runtime: Runtime,
  specs: { readonly llm: string; readonly tools?: string; readonly mcp?: string },
  turn: Pick<TurnPlan, "today" | "conversation">,
): Omit<RunSettings, "tools"> {
  return {
    llm: specs.llm,
    provider: runtime.llm.provider,
    model: runtime.llm.model,
    ...(specs.tools ? { toolsSpec: specs.tools } : {}),
    ...(specs.mcp ? { mcp: specs.mcp } : {}),
    agent: runtime.agentMode,
    maxSteps: runtime.maxSteps,
    ...(runtime.maxTokens ? { maxTokens: runtime.maxTokens } : {}),
    ...(runtime.maxCost === undefined ? {} : { maxCost: runtime.maxCost }),
    ...(runtime.maxTokensTotal === undefined ? {} : { maxTokensTotal: runtime.maxTokensTotal }),
    approval: runtime.pauseUnasked ? "pause" : (runtime.approval ?? "auto"),
    today: turn.today,
    ...(turn.conversation ? { session: turn.conversation } : {}),
  };
}
