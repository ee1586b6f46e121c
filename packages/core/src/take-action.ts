import type { Emit } from "./agent-run.js";
import { LangchainMiniError } from "./errors.js";
import { type LoopGuard, repeatedActionObservation } from "./loop-guard.js";
import type { RunState } from "./run-state.js";
import { runTool, type ToolOutcome } from "./run-tool.js";
import { findTool, type Tool } from "./tool.js";
import { prepareToolInput } from "./tool-input.js";

export interface Action {
  readonly step: number;
  readonly tool: string;
  readonly input: string;
  readonly thought: string;
}

export interface ActionOutcome {
  readonly observation: string;
  /** Set when a `returnDirect` tool's output is the run's answer. */
  readonly directAnswer?: string;
}

/**
 * One action, as both agent modes take it: the action event, the loop guard, the tool
 * lookup, the tool run with its events, the observation event and the recorded step.
 */
export async function takeAction(
  action: Action,
  context: {
    readonly tools: readonly Tool<unknown>[];
    readonly guard: LoopGuard;
    readonly state: RunState;
    readonly emit: Emit;
    readonly toolTimeoutMs: number;
  },
): Promise<ActionOutcome> {
  const { step, input, thought } = action;
  const { emit, state } = context;
  const tool = findTool(context.tools, action.tool);
  const origin = tool?.origin ? { origin: tool.origin } : {};
  emit({ type: "action", step, tool: action.tool, input, thought, ...origin });
  const verdict = context.guard.check(action.tool, input);
  if (verdict === "stop") {
    throw new LangchainMiniError(
      "loop_detected",
      `Agent stopped: it ran ${action.tool} with the same input four times in a row. Rephrase the question or try another model`,
    );
  }
  let observation: string;
  let failed = false;
  if (verdict === "warn") observation = repeatedActionObservation(action.tool, input);
  else if (!tool) observation = unknownToolObservation(action.tool, context.tools);
  else {
    emit({ type: "tool-start", step, tool: tool.name, input, ...origin });
    const started = performance.now();
    const outcome = await callTool(tool, input, state, context.toolTimeoutMs);
    emit({
      type: "tool-end",
      step,
      tool: tool.name,
      ...origin,
      output: outcome.observation,
      durationMs: performance.now() - started,
      ...(outcome.error ? { error: outcome.error } : {}),
    });
    observation = outcome.observation;
    failed = outcome.error !== undefined;
  }
  emit({ type: "observation", step, text: observation });
  state.steps.push({ tool: tool?.name ?? action.tool, input, thought, observation });
  const direct = verdict === "run" && tool?.returnDirect && !failed;
  return direct ? { observation, directAnswer: observation } : { observation };
}

/** A typed tool's input is read and validated first; what is wrong is the observation. */
async function callTool(
  tool: Tool<unknown>,
  input: string,
  state: RunState,
  timeoutMs: number,
): Promise<ToolOutcome> {
  const { signal } = state;
  const prepared = await prepareToolInput(tool, input);
  if (signal.aborted) throw new LangchainMiniError("aborted", "The run was cancelled");
  if (!prepared.ok) {
    const { message } = prepared;
    return { observation: message, error: { code: "tool_input_invalid", message } };
  }
  return runTool(tool, prepared.value, { signal, timeoutMs, run: state.toolRun });
}

export function toolNames(tools: readonly Tool<unknown>[]) {
  return tools.map((tool) => tool.name).join(", ");
}

function unknownToolObservation(name: string, tools: readonly Tool<unknown>[]) {
  return `${name} is not a valid tool, try one of [${toolNames(tools)}].`;
}
