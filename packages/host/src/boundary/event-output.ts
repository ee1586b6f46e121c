import type { AgentEvent } from "@langchain-mini/core";
import type { SecretMatcher } from "./secrets.js";
import type { WireEvent } from "./wire-event.js";
import { createPromptRebuilder, createWireForm } from "./wire-form.js";

export interface EventOutputOptions {
  readonly secrets: SecretMatcher;
  /** Consumers of the lossless wire form: `--json`, trace files. */
  readonly wire?: readonly ((event: WireEvent) => void)[];
  /**
   * Consumers that show events to a person (the text trace, `--verbose`, the terminal
   * UI): they get agent events again, with whole prompts rebuilt from the wire form.
   */
  readonly display?: readonly ((event: AgentEvent) => void)[];
}

/**
 * Where a stream of runs' events leaves the process: every event is turned into its
 * wire form once (secrets blanked, prompts as deltas) and handed to every consumer, so
 * what is shown, written to `--json` and kept in a trace is the same text. Displays read
 * the wire form rebuilt, exactly as `replay` reads a trace; a rule for text bound for a
 * terminal belongs on that branch alone, so `--json` and traces stay lossless.
 */
export function createEventOutput(options: EventOutputOptions): (event: AgentEvent) => void {
  const toWire = createWireForm(options.secrets);
  const wire = options.wire ?? [];
  const display = options.display ?? [];
  const rebuild = createPromptRebuilder();
  const send = (event: WireEvent) => {
    for (const consumer of wire) consumer(event);
    if (display.length === 0) return;
    const shown = rebuild(event);
    for (const consumer of display) consumer(shown);
  };
  return (event) => toWire(event, send);
}
