import type { AgentEvent, ChatMessage } from "@langchain-mini/core";
import type { SecretMatcher } from "./secrets.js";
import type { StreamingRedactor } from "./streaming-redactor.js";
import type { WireEvent, WireLlmStart } from "./wire-event.js";

type LlmStart = Extract<AgentEvent, { readonly type: "llm-start" }>;
type LlmDelta = Extract<AgentEvent, { readonly type: "llm-delta" }>;

/** Turns one agent event into its wire form: zero, one or two wire events, in order. */
export type ToWire = (event: AgentEvent, emit: (event: WireEvent) => void) => void;

/**
 * The one place secrets are blanked, for one stream of runs (a command's, or the
 * terminal UI's). The work is proportional to the new text: an agent call's prompt is
 * read only for what it appended, and a completion's deltas and the run's prompt are
 * each a stream, so a key split across two pieces is blanked (the tail that could begin
 * one waits for the next piece; the deltas' tail goes out as a last delta before the
 * next event).
 */
export function createWireForm(secrets: SecretMatcher): ToWire {
  const redact = secrets.redact;
  // The agent's prompt so far in this run, as a stream; and whether its chat has begun.
  let prompt: StreamingRedactor | undefined;
  let chatBegun = false;
  // The LLM call that is streaming now, and the delta its held-back tail would go out as.
  let completion: StreamingRedactor | undefined;
  let lastDelta: LlmDelta | undefined;

  function startOf(event: LlmStart): WireLlmStart {
    const tag = event.purpose
      ? { type: event.type, step: event.step, purpose: event.purpose }
      : { type: event.type, step: event.step };
    const { messages, newMessages } = event;
    if (event.purpose) {
      // Memory's own calls: whole, and apart from the agent's chain of prompts.
      return messages
        ? { ...tag, messages: redactStrings(messages, redact) }
        : { ...tag, prompt: redact(event.prompt ?? "") };
    }
    if (messages) {
      if (newMessages !== undefined && chatBegun) {
        const added = messages.slice(messages.length - newMessages);
        return { ...tag, appendedMessages: redactStrings(added, redact) };
      }
      chatBegun = true;
      return { ...tag, messages: redactStrings(messages, redact) };
    }
    if (event.appended !== undefined && prompt) {
      return { ...tag, appended: prompt.push(event.appended) };
    }
    prompt = secrets.stream();
    return { ...tag, prompt: prompt.push(event.prompt ?? "") };
  }

  return (event, emit) => {
    // A plug-in's log line comes at any time, even between two deltas: it leaves the
    // streams as they are.
    if (event.type === "log") {
      emit(redactEventStrings(event, redact));
      return;
    }
    if (completion && event.type !== "llm-delta") {
      const rest = completion.flush();
      completion = undefined;
      if (rest && lastDelta) emit({ ...lastDelta, text: rest });
    }
    switch (event.type) {
      case "run-start":
        prompt = undefined;
        chatBegun = false;
        emit(redactEventStrings(event, redact));
        return;
      case "llm-start":
        emit(startOf(event));
        return;
      case "llm-delta": {
        completion ??= secrets.stream();
        lastDelta = event;
        const text = completion.push(event.text);
        if (text) emit(text === event.text ? event : { ...event, text });
        return;
      }
      default:
        emit(redactEventStrings(event, redact));
    }
  };
}

/**
 * Turns wire events (a trace's lines, `--json` output) back into agent events with every
 * LLM call's whole prompt or conversation, for whatever shows prompts: `--verbose`,
 * replay and the prompt inspector. Old traces, which carry whole prompts, pass through.
 * One rebuilder per stream of events, read in order.
 */
export function createPromptRebuilder(): (event: WireEvent) => AgentEvent {
  // The previous agent call's prompt and messages: memory's calls are not part of them.
  let prompt = "";
  let messages: readonly ChatMessage[] = [];
  return (event) => {
    if (event.type !== "llm-start") return event;
    const { appendedMessages, ...start } = event;
    if (start.purpose) return start;
    if (start.messages) {
      messages = start.messages;
      return start;
    }
    if (appendedMessages) {
      messages = [...messages, ...appendedMessages];
      return { ...start, messages, newMessages: appendedMessages.length };
    }
    if (start.prompt !== undefined) {
      prompt = start.prompt;
      return start;
    }
    // Concatenation shares the earlier text: a long run's prompts stay linear in memory
    // until one of them is shown.
    prompt += start.appended ?? "";
    return { ...start, prompt };
  };
}

/**
 * The value with `redact` applied to every string in it, at any depth. Objects and arrays
 * are copied only where a string changed, so an event without secrets costs no copy.
 */
export function redactStrings<Value>(value: Value, redact: (text: string) => string): Value {
  if (typeof value === "string") return redact(value) as Value;
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const clean = redactStrings(item, redact);
      if (clean !== item) {
        copy ??= value.slice();
        copy[index] = clean;
      }
    }
    return (copy ?? value) as Value;
  }
  return redactFields(value, redact);
}

/** An event with `redact` applied to every string in it but its type, which is one of ours. */
export function redactEventStrings<Event extends { readonly type: string }>(
  event: Event,
  redact: (text: string) => string,
): Event {
  return redactFields(event, redact, "type");
}

function redactFields<Value>(value: Value, redact: (text: string) => string, kept?: string): Value {
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (key === kept) continue;
    const item = record[key];
    const clean = redactStrings(item, redact);
    if (clean !== item) {
      copy ??= { ...record };
      copy[key] = clean;
    }
  }
  return (copy ?? value) as Value;
}
