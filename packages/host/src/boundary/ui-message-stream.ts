import type { AgentEvent, AgentResult } from "@langchain-mini/core";
import { liveChatText, liveReActAnswer } from "./live-step-text.js";
import { toolCallId } from "./tool-call-id.js";
import type { UiFinishReason, UiMessageChunk, UiMessageMetadata } from "./ui-message-chunk.js";
import { UiStep } from "./ui-step.js";
import { UiToolCalls } from "./ui-tool-calls.js";
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
  readonly #calls: UiToolCalls;

  constructor(options: UiMessageStreamOptions) {
    this.#live = options.continues !== true;
    this.#messageId = options.messageId;
    this.#calls = new UiToolCalls(this.#emit);
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
        this.#calls.sendReplayedDenial();
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
      case "action": {
        const step = this.#stepAt(event.step);
        step.settle({ thought: event.thought });
        const id = toolCallId({ runId: this.#runId, step: event.step, call: step.addCall() });
        const input = uiToolInput(event.input, this.#toolsMode);
        this.#calls.start(id, event.step, event.tool, input);
        return;
      }
      case "final-answer":
        this.#stepAt(event.step).settle({ thought: event.thought, text: event.answer });
        return;
      case "parse-error":
        this.#stepAt(event.step).settle({ thought: "" });
        return;
      case "approval":
        this.#calls.approval(event);
        return;
      case "tool-end":
        this.#calls.ended(event.step, event.error);
        return;
      case "observation":
        this.#calls.observation(event.step, event.text);
        return;
      case "warning":
        this.#emit({ type: "data-warning", data: { message: event.message } });
        return;
      case "error":
        // A pause is no failure (the run-end asks for the approval), nor is a cancellation.
        if (event.error.code === "run_paused" || event.error.code === "aborted") return;
        // Whatever comes now is news to the page, even in the middle of a replay.
        this.#live = true;
        this.#step?.close();
        this.#calls.cutShort(event.error);
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
      // The page shows the conversation, not how the prompt was kept inside the window.
      case "compaction":
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

  #runEnd(result: AgentResult) {
    this.#step?.close();
    if (result.status !== "paused" || !this.#calls.requestApproval())
      this.#calls.cutShort(result.error);
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
