import type { Emit } from "../agent/agent-run.js";
import { awaitUnlessAborted } from "../stream/until-aborted.js";
import { LangchainMiniError } from "./errors.js";
import type { Tool } from "./tool.js";

/**
 * Which tool calls wait for a person's approval: `auto` those of tools that say they
 * need it (`needsApproval`: tools with side effects), `always` every call, `never` none
 * (for scripts that trust their tools).
 */
export type ApprovalPolicy = "auto" | "always" | "never";

export const APPROVAL_POLICIES: readonly ApprovalPolicy[] = ["auto", "always", "never"];

/** A tool call waiting for approval, as the `approve` hook sees it. */
export interface ApprovalRequest {
  readonly step: number;
  /** The tool's own name. */
  readonly tool: string;
  /** The input as the model wrote it (a typed tool's JSON arguments). */
  readonly input: string;
  /** Where the tool comes from, when it says (e.g. its MCP server). */
  readonly origin?: string;
  /** The tool asks for approval by default (the policy may ask for every call). */
  readonly needsApproval: boolean;
  /** Aborted when the run is cancelled: stop asking. */
  readonly signal: AbortSignal;
}

export type ApprovalDecision =
  /** `always`: the user approved this tool's later calls too (the host remembers it). */
  | { readonly approved: true; readonly always?: boolean; readonly pause?: never }
  /**
   * `note`: what the user wants the model to know, passed on in the observation.
   * `pause`: no one can answer now: the run stops as `paused`, its journal kept, until a
   * person approves or denies the call wherever the journal is shared (`runs approve`).
   */
  | { readonly approved: false; readonly note?: string; readonly pause?: boolean };

/** Asks a person whether a tool call may run: a terminal prompt, a UI dialog, a web form. */
export type Approve = (request: ApprovalRequest) => ApprovalDecision | Promise<ApprovalDecision>;

export interface ApprovalContext {
  readonly approval: ApprovalPolicy;
  readonly approve: Approve | undefined;
  readonly emit: Emit;
  readonly signal: AbortSignal;
  /** The decision the run's journal already holds for this call: used instead of asking. */
  readonly recorded?: { readonly decision: ApprovalDecision; readonly asked: boolean };
  /** Keeps a new decision in the run's journal before the call runs or the model reads it. */
  readonly keep?: (decision: ApprovalDecision, asked: boolean) => Promise<void>;
}

/**
 * Asks for approval when the policy says this call needs it, and records the decision
 * as an `approval` event. Gives the observation the model reads when the call may not
 * run; undefined when it may. With no `approve` hook a call that needs approval is
 * declined: there is no one to ask, and running it anyway would be the unsafe choice.
 */
export async function approveCall(
  tool: Tool<unknown>,
  call: { readonly step: number; readonly input: string },
  context: ApprovalContext,
): Promise<string | undefined> {
  const needsApproval = tool.needsApproval === true;
  const { approval, approve, emit, signal, recorded, keep } = context;
  if (approval === "never" || (approval === "auto" && !needsApproval)) return undefined;
  const { step, input } = call;
  const origin = tool.origin ? { origin: tool.origin } : {};
  // What every approval event of this call says; each adds its decision.
  const about = { type: "approval", step, tool: tool.name, input, ...origin } as const;
  if (recorded ? !recorded.asked : !approve) {
    if (!recorded) await keep?.({ approved: false }, false);
    emit({ ...about, decision: "declined", asked: false });
    return `${tool.name} needs the user's approval and there was no one to ask, so it did not run. Answer without it, or say what you would have done.`;
  }
  const request = { step, tool: tool.name, input, ...origin, needsApproval, signal };
  // A prompt nobody answers must not hold a cancelled run.
  const decision =
    recorded?.decision ?? (await awaitUnlessAborted((approve as Approve)(request), signal));
  if (!recorded) await keep?.(decision, true);
  if (decision.pause) {
    throw new LangchainMiniError(
      "run_paused",
      `The run is paused: ${tool.name} waits for a person to approve or deny it`,
    );
  }
  if (decision.approved) {
    const always = decision.always ? { always: true as const } : {};
    emit({ ...about, decision: "approved", asked: true, ...always });
    return undefined;
  }
  const note = decision.note?.trim();
  emit({ ...about, decision: "declined", asked: true, ...(note ? { note } : {}) });
  return declinedObservation(tool.name, note);
}

function declinedObservation(tool: string, note?: string) {
  const said = note ? ` They said: ${note}` : "";
  return `The user declined to run ${tool} with this input, so it did not run.${said} Do not call it again with the same input; answer from what you have, or try another way.`;
}
