import { type ApprovalPolicy, type Approve, approveCall } from "../contracts/approval.js";
import { abortError, LangchainMiniError } from "../contracts/errors.js";
import { findTool, type Tool } from "../contracts/tool.js";
import { prepareToolInput } from "../tool-input/tool-input.js";
import type { Emit } from "./agent-run.js";
import { type LoopGuard, repeatedActionObservation } from "./loop-guard.js";
import type { LoopJournal } from "./loop-journal.js";
import type { RunState } from "./run-state.js";
import { runTool, type ToolOutcome } from "./run-tool.js";

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

export interface ActionContext {
  readonly tools: readonly Tool<unknown>[];
  /**
   * The loop's own tools (`read_result`): found after the user's, asked for no approval
   * and not journaled, since they only read what the run already holds.
   */
  readonly builtIns: readonly Tool<unknown>[];
  readonly guard: LoopGuard;
  readonly state: RunState;
  readonly emit: Emit;
  readonly toolTimeoutMs: number;
  readonly approval: ApprovalPolicy;
  readonly approve: Approve | undefined;
  readonly journal: LoopJournal | undefined;
}

/**
 * One action, as both agent modes take it: the action event, the loop guard, the tool
 * lookup, the input's validation, the approval when the call needs one, the tool run
 * with its events, the observation event and the recorded step.
 */
export async function takeAction(action: Action, context: ActionContext): Promise<ActionOutcome> {
  const { step, input, thought } = action;
  const { emit, state } = context;
  const ownTool = findTool(context.tools, action.tool);
  // A user's tool of the same name wins over the loop's.
  const builtIn = ownTool ? undefined : findTool(context.builtIns, action.tool);
  const tool = ownTool ?? builtIn;
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
    const prepared = await prepareToolInput(tool, input);
    if (state.signal.aborted) throw abortError();
    const journal = builtIn ? undefined : context.journal;
    // Only a call that could run is put to the user; a malformed one goes back to the model.
    let declined = prepared.ok && !builtIn ? await approve(tool, step, input, context) : undefined;
    const recorded = declined === undefined ? journal?.toolCall(step, tool.name, input) : undefined;
    if (recorded?.kind === "interrupted" && prepared.ok) {
      declined = await approveInterrupted(tool, step, input, context);
    }
    if (declined !== undefined) {
      emit({ type: "observation", step, text: declined });
      state.steps.push({ tool: tool.name, input, thought, observation: declined });
      return { observation: declined };
    }
    emit({ type: "tool-start", step, tool: tool.name, input, ...origin });
    const started = performance.now();
    let outcome: ToolOutcome;
    if (recorded?.kind === "result") outcome = recorded;
    else if (!prepared.ok) outcome = invalidInput(prepared.message);
    else {
      await journal?.write({ type: "tool-start", step, tool: tool.name, input });
      outcome = await runTool(tool, prepared.value, {
        signal: state.signal,
        timeoutMs: context.toolTimeoutMs,
        run: state.toolRun,
      });
      const error = outcome.error ? { error: outcome.error } : {};
      await journal?.write({
        type: "tool-end",
        step,
        tool: tool.name,
        input,
        observation: outcome.observation,
        ...error,
      });
    }
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

/** The approval step of a call, with the decision the journal holds for it when resuming. */
function approve(
  tool: Tool<unknown>,
  step: number,
  input: string,
  context: ActionContext,
  approval = context.approval,
) {
  const { journal } = context;
  const recorded = journal?.decision(step, tool.name, input);
  return approveCall(
    tool,
    { step, input },
    {
      ...context,
      approval,
      signal: context.state.signal,
      ...(recorded ? { recorded } : {}),
      ...(journal ? { keep: journal.keepDecision(step, tool.name, input) } : {}),
    },
  );
}

/**
 * A call that started before the process stopped and whose result was never kept: it may
 * have acted. A tool with side effects is not run again unasked (with no one to ask it is
 * declined, or the run pauses); one without may run again.
 */
function approveInterrupted(
  tool: Tool<unknown>,
  step: number,
  input: string,
  context: ActionContext,
) {
  const acts = tool.sideEffects === true || tool.needsApproval === true;
  context.emit({
    type: "warning",
    message: acts
      ? `${tool.name} was running when the run was interrupted and its result was not kept: it may have acted already, so it runs again only if approved`
      : `${tool.name} was running when the run was interrupted and its result was not kept: running it again`,
  });
  return acts ? approve(tool, step, input, context, "always") : Promise.resolve(undefined);
}

function invalidInput(message: string): ToolOutcome {
  return { observation: message, error: { code: "tool_input_invalid", message } };
}

export function toolNames(tools: readonly Tool<unknown>[]) {
  return tools.map((tool) => tool.name).join(", ");
}

function unknownToolObservation(name: string, tools: readonly Tool<unknown>[]) {
  return `${name} is not a valid tool, try one of [${toolNames(tools)}].`;
}
