import type { AgentEvent, ErrorInfo } from "@langchain-mini/core";
import type { UiMessageChunk } from "./ui-message-chunk.js";

type Approval = Extract<AgentEvent, { readonly type: "approval" }>;

interface Call {
  readonly id: string;
  readonly step: number;
  failed: boolean;
  /** Its outcome (output, error, denial) has been sent. */
  settled: boolean;
}

/**
 * A run's tool calls as dynamic tool parts. A run's events follow one call at a time
 * (action, approval, tool start and end, observation), so only the latest call can still
 * wait for its outcome; its output is the observation, the text the model read.
 */
export class UiToolCalls {
  readonly #emit: (chunk: UiMessageChunk) => void;
  #call: Call | undefined;
  /** The latest decision on a call, and whether it denied the call. */
  #decided: { readonly call: Call; readonly declined: boolean } | undefined;

  constructor(emit: (chunk: UiMessageChunk) => void) {
    this.#emit = emit;
  }

  /** An action: the call's part, with its input. */
  start(id: string, step: number, tool: string, input: unknown) {
    this.#call = { id, step, failed: false, settled: false };
    this.#emit({ type: "tool-input-start", toolCallId: id, toolName: tool, dynamic: true });
    this.#emit({
      type: "tool-input-available",
      toolCallId: id,
      toolName: tool,
      input,
      dynamic: true,
    });
  }

  /** The tool's end: an error makes the observation that follows an error. */
  ended(step: number, error: ErrorInfo | undefined) {
    const call = this.#open(step);
    if (call && error) call.failed = true;
  }

  /** A decision: asked for and answered at once (or replayed), and a denial's outcome. */
  approval(event: Approval) {
    const call = this.#open(event.step);
    if (!call) return;
    const declined = event.decision === "declined";
    this.#decided = { call, declined };
    if (event.asked) {
      this.#emit({ type: "tool-approval-request", approvalId: call.id, toolCallId: call.id });
      this.#emit({
        type: "tool-approval-response",
        approvalId: call.id,
        approved: !declined,
        ...(event.note ? { reason: event.note } : {}),
      });
    }
    if (declined) this.#deny(call);
  }

  observation(step: number, text: string) {
    const call = this.#open(step);
    if (!call) return;
    call.settled = true;
    const toolCallId = call.id;
    this.#emit(
      call.failed
        ? { type: "tool-output-error", toolCallId, errorText: text, dynamic: true }
        : { type: "tool-output-available", toolCallId, output: text, dynamic: true },
    );
  }

  /**
   * The latest decision's denial, which a continued run replayed unsent: the page holds
   * the approval it answered, and waits for the call's outcome.
   */
  sendReplayedDenial() {
    if (this.#decided?.declined) this.#deny(this.#decided.call);
  }

  /** A paused run: the call it waits on asks for a person's approval. False: none waits. */
  requestApproval(): boolean {
    const call = this.#call;
    if (!call || call.settled) return false;
    this.#emit({ type: "tool-approval-request", approvalId: call.id, toolCallId: call.id });
    return true;
  }

  /** A run that failed or was cancelled: the call it cut short ends with its error. */
  cutShort(error: ErrorInfo | undefined) {
    const call = this.#call;
    if (!call || call.settled) return;
    call.settled = true;
    const errorText = error ? `${error.code}: ${error.message}` : "The run ended before the call";
    this.#emit({ type: "tool-output-error", toolCallId: call.id, errorText, dynamic: true });
  }

  /** The latest call when it belongs to this step and still waits for its outcome. */
  #open(step: number): Call | undefined {
    const call = this.#call;
    return call && call.step === step && !call.settled ? call : undefined;
  }

  #deny(call: Call) {
    call.settled = true;
    this.#emit({ type: "tool-output-denied", toolCallId: call.id });
  }
}
