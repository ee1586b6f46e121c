import type { AgentResult } from "@langchain-mini/core";
import type { Session } from "@langchain-mini/host";
import type { EvalCase } from "../suite/eval-case.js";
import type { CaseOutcome, TrajectoryStep } from "./case-outcome.js";

export interface CaseRunOptions {
  readonly conversation: string;
  readonly signal: AbortSignal;
  /** The date the prompts give (a replay gives the recorded one). */
  readonly today?: string;
}

/**
 * Asks a case's question, or its turns one after another in one conversation, and
 * reads what the scorers need: the last answer, the last turn's steps, every tool call,
 * what all the turns cost.
 */
export async function runCase(
  session: Session,
  evalCase: EvalCase,
  options: CaseRunOptions,
): Promise<CaseOutcome> {
  const questions = evalCase.turns ?? [evalCase.question ?? ""];
  const started = performance.now();
  const trajectory: TrajectoryStep[] = [];
  const tokens = { input: 0, output: 0 };
  let cost: number | undefined = 0;
  let last: { result: AgentResult; steps: number; runId: string } | undefined;
  for (const question of questions) {
    const run = session.ask(question, {
      conversation: options.conversation,
      journal: false,
      signal: options.signal,
      ...(options.today ? { today: options.today } : {}),
    });
    let steps = 0;
    for await (const event of run) {
      if (event.type === "llm-start" && event.purpose === undefined) steps++;
    }
    const result = await run.result;
    for (const step of result.steps) {
      trajectory.push({ step: trajectory.length + 1, ...step });
    }
    tokens.input += result.usage.inputTokens;
    tokens.output += result.usage.outputTokens;
    cost = cost === undefined || result.cost === undefined ? undefined : cost + result.cost;
    last = { result, steps, runId: run.runId };
    if (result.status !== "answered") break;
  }
  if (!last) throw new Error("a case without questions");
  const { result } = last;
  return {
    status: result.status,
    ...(result.answer !== undefined ? { answer: result.answer } : {}),
    ...(result.error ? { error: result.error } : {}),
    steps: last.steps,
    trajectory,
    ...(cost !== undefined ? { cost } : {}),
    tokens,
    durationMs: Math.round(performance.now() - started),
    runId: last.runId,
  };
}
