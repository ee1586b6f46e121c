import { stepText } from "@langchain-mini/prompts";
import type { TokenUsage } from "../../contracts/llm.js";
import { estimateTextTokens } from "./estimate-tokens.js";
import {
  type ShownResult,
  Transcript,
  type TranscriptContext,
  type TranscriptStep,
} from "./transcript.js";

interface ReactStep extends TranscriptStep {
  /** The completion as the parser read it (cut at the first `Observation:`). */
  readonly completion: string;
}

/** "\nObservation: " and "\nThought:" around each result. */
const STEP_FRAMING = 6;

/**
 * The ReAct prompt: the rendered template, then each step's completion, observation and
 * next `Thought:`. Each call's prompt extends the previous one byte for byte, except the
 * first after a compaction, which is whole again.
 */
export class ReactTranscript extends Transcript<ReactStep> {
  readonly head: string;
  #prompt: string;
  #appended: string | undefined;

  constructor(head: string, context: TranscriptContext) {
    super(context, estimateTextTokens(head));
    this.head = head;
    this.#prompt = head;
  }

  get prompt() {
    return this.#prompt;
  }

  /** What the prompt gained since the last call; undefined when it is whole (see llm-start). */
  get appended() {
    return this.#appended;
  }

  /** After a call: the provider's count of its prompt; the next call extends it. */
  sent(usage: TokenUsage | undefined) {
    this.gauge.measured(usage);
    this.#appended = "";
  }

  /** One step: the completion the parser read and the observation it led to. */
  add(step: number, completion: string, observation: string) {
    const results = this.shownResults(step, [observation]);
    const entry: ReactStep = {
      step,
      completion,
      results,
      ownTokens: estimateTextTokens(completion) + STEP_FRAMING,
    };
    this.steps.push(entry);
    const text = this.#stepText(entry);
    this.#prompt += text;
    if (this.#appended !== undefined) this.#appended += text;
    this.gauge.add(this.stepTokens(entry));
  }

  summaryTokens() {
    return this.summary ? estimateTextTokens(this.#summaryText()) : 0;
  }

  stepLines(step: ReactStep, shown: (result: ShownResult) => string) {
    const [result] = step.results;
    return `Step ${step.step}: ${step.completion.trim()}\nObservation: ${result ? shown(result) : ""}`;
  }

  protected rewrite() {
    let prompt = this.head + this.#summaryText();
    for (const step of this.steps) prompt += this.#stepText(step);
    this.#prompt = prompt;
    this.#appended = undefined;
  }

  #stepText(step: ReactStep) {
    return stepText(step.completion, step.results[0]?.shown ?? "");
  }

  /** The summary stands where the folded steps stood: after the question's `Thought:`. */
  #summaryText() {
    if (!this.summary) return "";
    const { text, through } = this.summary;
    return ` (Steps 1 to ${through} are summarised here to save room.)\n${text}\nThought:`;
  }
}
