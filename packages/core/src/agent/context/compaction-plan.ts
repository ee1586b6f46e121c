import type { Transcript } from "./transcript.js";

/** What a compaction does: fold the oldest steps into the summary, then clear the oldest results left. */
export interface CompactionPlan {
  readonly summarised: number;
  readonly cleared: number;
}

export interface PlanLimits {
  /** The prompt's tokens now. */
  readonly tokens: number;
  /** Where to bring it down to. */
  readonly target: number;
  /** The last step's results stay: the model has not read them yet. */
  readonly keepLastResults: boolean;
  /** The longest summary the summariser may write. */
  readonly summaryTokens: number;
}

/**
 * Decides a compaction from the prompt's sizes alone. Clearing results comes first: it
 * keeps every Thought and Action, and a result can be read again. Only when clearing
 * every result it may (all but the last step's) leaves the prompt above the target are
 * the oldest steps folded into the summary, keeping the newest steps (up to half the
 * target) as they are; their oldest results are then cleared as far as still needed.
 * Never half a step: a tool call and its result go together.
 */
export function planCompaction(transcript: Transcript, limits: PlanLimits): CompactionPlan {
  const cleared = clearing(transcript, 0, limits.tokens, limits);
  if (cleared.tokens <= limits.target) return { summarised: 0, cleared: cleared.count };

  const { steps } = transcript;
  let kept = 0;
  let keptTokens = 0;
  for (let index = steps.length - 1; index >= 0; index--) {
    const size = transcript.stepTokens(steps[index] as (typeof steps)[number]);
    if (kept > 0 && keptTokens + size > limits.target / 2) break;
    keptTokens += size;
    kept++;
  }
  const summarised = steps.length - kept;
  let removed = 0;
  for (const step of steps.slice(0, summarised)) removed += transcript.stepTokens(step);
  // A summary that saves nothing is not worth its call.
  if (summarised === 0 || removed <= limits.summaryTokens) {
    return { summarised: 0, cleared: cleared.count };
  }
  const tokens = limits.tokens - removed - transcript.summaryTokens() + limits.summaryTokens;
  return { summarised, cleared: clearing(transcript, summarised, tokens, limits).count };
}

/** How many of the oldest results, from step `from` on, to clear to reach the target. */
function clearing(transcript: Transcript, from: number, tokens: number, limits: PlanLimits) {
  const steps = transcript.steps.slice(from);
  const last = limits.keepLastResults ? steps.length - 1 : steps.length;
  let count = 0;
  let left = tokens;
  for (const step of steps.slice(0, Math.max(0, last))) {
    for (const result of step.results) {
      if (left <= limits.target) return { count, tokens: left };
      if (!transcript.worthClearing(result)) continue;
      left -= result.tokens - transcript.clearedTokens(result);
      count++;
    }
  }
  return { count, tokens: left };
}
