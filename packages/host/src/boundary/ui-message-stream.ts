import type { AgentEvent, AgentResult, ErrorInfo } from "@langchain-mini/core";
import { liveChatText, liveReActAnswer } from "./live-step-text.js";
import { toolCallId } from "./tool-call-id.js";
import type { UiFinishReason, UiMessageChunk, UiMessageMetadata } from "./ui-message-chunk.js";
import { UiStep } from "./ui-step.js";
import { uiToolInput } from "./ui-tool-input.js";
import type { WireEvent } from "./wire-event.js";

export interface UiMessageStreamOptions {
  /** The assistant message's id; default the run's id. */
  readonly messageId?: string;
  /**
   * This part of a run continues an assistant message the page already holds: the run
   * was paused for an approval and a person decided. What the resumed run replays from
   * its journal (everything before its `resumed` event) is on the page already and is
   * not sent again, but for the decision itself when it denied the call.
   */
  readonly continues?: boolean;
}

/** Turns one part of a run's events, in order, into the UI message stream's chunks. */
export interface UiMessageTranslator {
  /** The chunks this event adds to the message (often none). */
  push(event: WireEvent | AgentEvent): UiMessageChunk[];
}

/** A tool call on the page, and whether its outcome has been sent. */
interface Call {
  readonly id: string;
  readonly step: number;
  failed: boolean;
  settled: boolean;
}

/**
 * One translator per part of a run that is streamed: a run's events from its run-start
 * to its run-end, the way `ask --json` writes them or `Session.ask` gives them. Each agent
 * LLM call is a step; in ReAct mode its thought is reasoning, in tools mode the model's
 * own words are text (as the AI SDK shows them); tool calls are dynamic tool parts whose
 * id is `<runId>:<step>` (see `toolCallId`); a run that pauses for a person ends with an
 * approval request for the call it waits on; memory's calls and log lines are not shown.
 */
export function createUiMessageTranslator(
  options: UiMessageStreamOptions = {},
): UiMessageTranslator {
  return new Translator(options);
}

class Translator implements UiMessageTranslator {
  #out: UiMessageChunk[] = [];
  /** False while a continued run replays what the page already shows. */
  #live: boolean;
  #messageId: string | undefined;
  #runId = "";
  #toolsMode = false;
  #step: UiStep | undefined;
  #call: Call | undefined;
  /** A continued run's replayed decision, sent once the run goes live when it denied. */
  #decision: { readonly call: Call; readonly declined: boolean } | undefined;

  constructor(options: UiMessageStreamOptions) {
    this.#live = options.continues !== true;
    this.#messageId = options.messageId;
  }

  push(event: WireEvent | AgentEvent): UiMessageChunk[] {
    this.#out = [];
    this.#read(event);
    return this.#out;
  }

  /** Sends a chunk, unless the page has it already (a continued run's replay). */
  #emit = (chunk: UiMessageChunk) => {
    if (this.#live) this.#out.push(chunk);
  };

  #read(event: WireEvent | AgentEvent) {
    switch (event.type) {
      case "run-start": {
        this.#runId = event.runId;
        this.#messageId ??= event.runId;
        const model = `${event.provider}:${event.model}`;
        this.#out.push({
          type: "start",
          messageId: this.#messageId,
          messageMetadata: { runId: event.runId, model },
        });
        return;
      }
      case "resumed":
        if (this.#live) return;
        this.#live = true;
        if (this.#decision?.declined) {
          this.#emit({ type: "tool-output-denied", toolCallId: this.#decision.call.id });
        }
        return;
      case "llm-start":
        if (event.purpose) return;
        this.#endStep();
        // A ReAct call sends a prompt (or what it appended); a tools-mode call, messages.
        this.#toolsMode = event.prompt === undefined && event.appended === undefined;
        this.#startStep(event.step);
        return;
      case "llm-delta":
        if (!event.purpose && this.#step?.number === event.step) this.#step.delta(event.text);
        return;
      case "action":
        this.#stepAt(event.step).settle({ thought: event.thought });
        this.#toolCall(event.step, event.tool, event.input);
        return;
      case "final-answer":
        this.#stepAt(event.step).settle({ thought: event.thought, text: event.answer });
        return;
      case "parse-error":
        this.#stepAt(event.step).settle({ thought: "" });
        return;
      case "approval":
        this.#approval(event);
        return;
      case "tool-end":
        if (event.error && this.#call?.step === event.step) this.#call.failed = true;
        return;
      case "observation": {
        const call = this.#openCall(event.step);
        if (!call) return;
        call.settled = true;
        this.#emit(
          call.failed
            ? {
                type: "tool-output-error",
                toolCallId: call.id,
                errorText: event.text,
                dynamic: true,
              }
            : {
                type: "tool-output-available",
                toolCallId: call.id,
                output: event.text,
                dynamic: true,
              },
        );
        return;
      }
      case "warning":
        this.#emit({ type: "data-warning", data: { message: event.message } });
        return;
      case "error":
        // A pause is no failure (the run-end asks for the approval), nor is a cancellation.
        if (event.error.code === "run_paused" || event.error.code === "aborted") return;
        // Whatever comes now is news to the page, even in the middle of a replay.
        this.#live = true;
        this.#wrapUp(event.error);
        this.#emit({ type: "error", errorText: `${event.error.code}: ${event.error.message}` });
        return;
      case "run-end":
        this.#live = true;
        this.#runEnd(event.result);
        return;
      case "standalone-question":
      case "log":
      case "llm-end":
      case "tool-start":
        return;
      default:
        event satisfies never;
    }
  }

  #startStep(step: number) {
    const live = this.#toolsMode ? liveChatText() : liveReActAnswer();
    this.#step = new UiStep(step, live, this.#toolsMode, this.#emit);
    this.#emit({ type: "start-step" });
  }

  /** The open step, or a new one when events come without their LLM call's start. */
  #stepAt(step: number): UiStep {
    if (this.#step?.number !== step) {
      this.#endStep();
      this.#startStep(step);
    }
    return this.#step as UiStep;
  }

  #endStep() {
    if (!this.#step) return;
    this.#step.close();
    this.#step = undefined;
    this.#emit({ type: "finish-step" });
  }

  #toolCall(step: number, tool: string, input: string) {
    const call: Call = {
      id: toolCallId({ runId: this.#runId, step, call: this.#stepAt(step).addCall() }),
      step,
      failed: false,
      settled: false,
    };
    this.#call = call;
    this.#emit({ type: "tool-input-start", toolCallId: call.id, toolName: tool, dynamic: true });
    this.#emit({
      type: "tool-input-available",
      toolCallId: call.id,
      toolName: tool,
      input: uiToolInput(input, this.#toolsMode),
      dynamic: true,
    });
  }

  /** The latest call when it belongs to this step and its outcome is still to be sent. */
  #openCall(step: number): Call | undefined {
    const call = this.#call;
    return call && call.step === step && !call.settled ? call : undefined;
  }

  #approval(event: Extract<AgentEvent, { type: "approval" }>) {
    const call = this.#openCall(event.step);
    if (!call) return;
    const declined = event.decision === "declined";
    if (event.asked) {
      this.#emit({ type: "tool-approval-request", approvalId: call.id, toolCallId: call.id });
      this.#emit({
        type: "tool-approval-response",
        approvalId: call.id,
        approved: !declined,
        ...(event.note ? { reason: event.note } : {}),
      });
    }
    if (declined) {
      call.settled = true;
      this.#emit({ type: "tool-output-denied", toolCallId: call.id });
    }
    if (!this.#live) this.#decision = { call, declined };
  }

  /** Closes what a run that failed or was cancelled left open: its text, its tool call. */
  #wrapUp(error: ErrorInfo | undefined) {
    this.#step?.close();
    const call = this.#call;
    if (!call || call.settled) return;
    call.settled = true;
    const errorText = error
      ? `${error.code}: ${error.message}`
      : "The run ended before the call did";
    this.#emit({ type: "tool-output-error", toolCallId: call.id, errorText, dynamic: true });
  }

  #runEnd(result: AgentResult) {
    const call = this.#call;
    if (result.status === "paused" && call && !call.settled) {
      this.#step?.close();
      this.#emit({ type: "tool-approval-request", approvalId: call.id, toolCallId: call.id });
    } else {
      this.#wrapUp(result.error);
    }
    this.#endStep();
    const messageMetadata: UiMessageMetadata = {
      runId: this.#runId,
      status: result.status,
      usage: result.usage,
      ...(result.cost === undefined ? {} : { cost: result.cost }),
    };
    if (result.status === "aborted") {
      // The AI SDK ends a cancelled response with `abort`, not `finish`.
      this.#emit({ type: "message-metadata", messageMetadata });
      this.#emit({ type: "abort", reason: result.error?.message ?? "The run was cancelled" });
      return;
    }
    this.#emit({ type: "finish", finishReason: finishReasons[result.status], messageMetadata });
  }
}

const finishReasons: Record<Exclude<AgentResult["status"], "aborted">, UiFinishReason> = {
  answered: "stop",
  paused: "tool-calls",
  failed: "error",
  stopped: "error",
};
