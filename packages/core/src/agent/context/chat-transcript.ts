import type { ChatMessage, TokenUsage, ToolCall, ToolDefinition } from "../../contracts/llm.js";
import { estimateTextTokens } from "./estimate-tokens.js";
import {
  type ShownResult,
  Transcript,
  type TranscriptContext,
  type TranscriptStep,
} from "./transcript.js";

type AssistantMessage = Extract<ChatMessage, { readonly role: "assistant" }>;

interface ChatStep extends TranscriptStep {
  /** The model's message with its tool calls; results follow it in call order. */
  readonly assistant?: AssistantMessage;
  /** A note to the model instead (a reply with neither text nor a call). */
  readonly note?: string;
}

/** What a message costs besides its text (role, separators), as providers count it. */
const MESSAGE_FRAMING = 4;

/**
 * The function-calling agent's messages: the system message and the question, then each
 * step's assistant message and its tool results. Each call's messages extend the previous
 * call's, except the first after a compaction, which are whole again. A step's results
 * are never apart from its calls: a compaction clears a result's text, or folds the whole
 * step into the summary.
 */
export class ChatTranscript extends Transcript<ChatStep> {
  readonly #head: readonly ChatMessage[];
  readonly #readTool: ToolDefinition;
  #messages: ChatMessage[];
  #sent: number | undefined;

  constructor(
    head: readonly ChatMessage[],
    tools: readonly ToolDefinition[],
    readTool: ToolDefinition,
    context: TranscriptContext,
  ) {
    let tokens = estimateTextTokens(JSON.stringify(tools));
    for (const message of head) tokens += estimateTextTokens(message.content) + MESSAGE_FRAMING;
    super(context, tokens);
    this.#head = head;
    this.#readTool = readTool;
    this.#messages = [...head];
  }

  get messages(): readonly ChatMessage[] {
    return this.#messages;
  }

  /** Messages added since the last call; undefined when the next call's are whole. */
  get newMessages() {
    return this.#sent === undefined ? undefined : this.#messages.length - this.#sent;
  }

  /** The tools to offer: `read_result` too once a result has been cut or cleared. */
  tools(tools: readonly ToolDefinition[]) {
    return this.shortened ? [...tools, this.#readTool] : tools;
  }

  sent(usage: TokenUsage | undefined) {
    this.gauge.measured(usage);
    this.#sent = this.#messages.length;
  }

  /** A step whose calls all ran: the assistant's message and each call's result. */
  add(step: number, assistant: AssistantMessage, observations: readonly string[]) {
    const results = this.shownResults(step, observations);
    let ownTokens = estimateTextTokens(assistant.content) + MESSAGE_FRAMING;
    for (const call of assistant.toolCalls ?? []) {
      ownTokens += estimateTextTokens(call.name + call.arguments) + MESSAGE_FRAMING * 2;
    }
    this.#push({ step, assistant, results, ownTokens });
  }

  /** A step that ran no tool: what the model is told to do instead. */
  addNote(step: number, note: string) {
    this.#push({ step, note, results: [], ownTokens: estimateTextTokens(note) + MESSAGE_FRAMING });
  }

  summaryTokens() {
    const message = this.#summaryMessage();
    return message ? estimateTextTokens(message.content) + MESSAGE_FRAMING : 0;
  }

  stepLines(step: ChatStep, shown: (result: ShownResult) => string) {
    if (step.note !== undefined) return `Step ${step.step}: ${step.note}`;
    const calls = step.assistant?.toolCalls ?? [];
    const lines = [`Step ${step.step}: ${step.assistant?.content.trim() ?? ""}`];
    calls.forEach((call: ToolCall, index) => {
      const result = step.results[index];
      lines.push(`Called ${call.name} with ${call.arguments}`);
      if (result) lines.push(`Result ${result.id}: ${shown(result)}`);
    });
    return lines.join("\n");
  }

  protected override readToolTokens() {
    return estimateTextTokens(JSON.stringify(this.#readTool));
  }

  protected rewrite() {
    const summary = this.#summaryMessage();
    this.#messages = [...this.#head, ...(summary ? [summary] : [])];
    for (const step of this.steps) this.#messages.push(...messagesOf(step));
    this.#sent = undefined;
  }

  #push(step: ChatStep) {
    this.steps.push(step);
    this.#messages.push(...messagesOf(step));
    this.gauge.add(this.stepTokens(step));
  }

  /** The summary follows the question, as a note to the model. */
  #summaryMessage(): ChatMessage | undefined {
    if (!this.summary) return undefined;
    const { text, through } = this.summary;
    return {
      role: "user",
      content: `(Steps 1 to ${through} of your work on this question are summarised here to save room.)\n${text}`,
    };
  }
}

function messagesOf(step: ChatStep): ChatMessage[] {
  if (step.note !== undefined || !step.assistant)
    return [{ role: "user", content: step.note ?? "" }];
  const calls = step.assistant.toolCalls ?? [];
  return [
    step.assistant,
    ...step.results.map(
      (result, index): ChatMessage => ({
        role: "tool",
        content: result.shown,
        toolCallId: calls[index]?.id ?? result.id,
      }),
    ),
  ];
}
