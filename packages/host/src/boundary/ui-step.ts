import type { LiveStepText } from "./live-step-text.js";
import type { UiMessageChunk } from "./ui-message-chunk.js";

/** What a step's parsed event says it holds: a thought, and an answer when it answers. */
export interface StepContent {
  readonly thought: string;
  readonly text?: string;
}

type PartKind = "text" | "reasoning";

interface OpenPart {
  readonly kind: PartKind;
  readonly id: string;
  shown: string;
}

/**
 * One step of the assistant message: the reasoning and text parts of one agent LLM call.
 * While the call streams, what its completion says for certain is shown live; the step's
 * parsed event (action, final answer, parse error) then settles it, and is what counts:
 * the live text is completed, or, should it ever differ, the step's parts are reset and
 * shown again from the event. In ReAct mode the thought is reasoning; in tools mode it is
 * the model's own words before its calls, shown as text.
 */
export class UiStep {
  readonly number: number;
  #live: LiveStepText | undefined;
  readonly #toolsMode: boolean;
  readonly #emit: (chunk: UiMessageChunk) => void;
  #open: OpenPart | undefined;
  /** The thought shown before the live text (ReAct), to check against the parsed one. */
  #liveThought = "";
  #thoughtShown = false;
  #parts = 0;
  #calls = 0;

  constructor(
    number: number,
    live: LiveStepText,
    toolsMode: boolean,
    emit: (chunk: UiMessageChunk) => void,
  ) {
    this.number = number;
    this.#live = live;
    this.#toolsMode = toolsMode;
    this.#emit = emit;
  }

  /** One piece of the LLM call's completion. */
  delta(text: string) {
    const known = this.#live?.(text);
    if (!known) return;
    let part = this.#open;
    if (!part) {
      if (known.thought) {
        this.#showWhole("reasoning", known.thought);
        this.#liveThought = known.thought;
      }
      part = this.#openPart("text");
      this.#open = part;
    }
    this.#append(part, known.added);
  }

  /** The step's parsed event: the live text completed, or the step's parts shown from it. */
  settle({ thought, text }: StepContent) {
    const liveText = this.#toolsMode ? (text ?? thought) : text;
    const liveThought = this.#toolsMode ? "" : thought;
    this.#live = undefined;
    const part = this.#open;
    if (part) {
      if (liveText?.startsWith(part.shown) && this.#liveThought === liveThought) {
        this.#append(part, liveText.slice(part.shown.length));
        this.close();
        this.#thoughtShown = true;
        return;
      }
      this.#reset();
    }
    if (thought && !this.#thoughtShown) {
      this.#showWhole(this.#toolsMode ? "text" : "reasoning", thought);
    }
    this.#thoughtShown = true;
    if (text !== undefined) this.#showWhole("text", text);
  }

  /** Counts a tool call of this step: its place among them, from 1. */
  addCall(): number {
    this.#calls++;
    return this.#calls;
  }

  /** Ends the part still streaming, if any (the call failed, the run ended). */
  close() {
    const part = this.#open;
    if (!part) return;
    this.#open = undefined;
    this.#emit({ type: `${part.kind}-end`, id: part.id });
  }

  /**
   * Takes back what was shown live. Only the step's own text and reasoning are there to
   * take back: live text is a step's first content, before any tool call.
   */
  #reset() {
    if (this.#calls > 0) {
      this.close();
      return;
    }
    this.#open = undefined;
    this.#liveThought = "";
    this.#thoughtShown = false;
    this.#emit({ type: "reset-step" });
  }

  #openPart(kind: PartKind): OpenPart {
    this.#parts++;
    // Unique in the message: steps are numbered across a run's parts.
    const id =
      this.#parts === 1 ? `${kind}-${this.number}` : `${kind}-${this.number}-${this.#parts}`;
    this.#emit({ type: `${kind}-start`, id });
    return { kind, id, shown: "" };
  }

  #append(part: OpenPart, text: string) {
    if (!text) return;
    part.shown += text;
    this.#emit({ type: `${part.kind}-delta`, id: part.id, delta: text });
  }

  #showWhole(kind: PartKind, text: string) {
    const part = this.#openPart(kind);
    this.#append(part, text);
    this.#emit({ type: `${kind}-end`, id: part.id });
  }
}
