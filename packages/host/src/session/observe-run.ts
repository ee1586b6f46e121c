import {
  type AgentEvent,
  type AgentResult,
  type AgentRun,
  Channel,
  forwardRun,
} from "@langchain-mini/core";
import { createEventOutput } from "../boundary/event-output.js";
import type { Secrets } from "../boundary/secrets.js";
import type { WireEvent } from "../boundary/wire-event.js";
import type { TraceWriter } from "../trace/trace-writer.js";

export type LogEvent = Extract<AgentEvent, { readonly type: "log" }>;

/**
 * A run as the output boundary gives it: its events after the boundary (secrets
 * blanked, whole prompts rebuilt, plug-ins' log lines of its time among them), once, and
 * its result, whose answer is blanked too. The run goes on whether or not anyone reads.
 */
export interface ObservedRun extends AsyncIterable<AgentEvent> {
  readonly result: Promise<AgentResult>;
}

/** What a running question's plug-ins log goes through: its own output. */
export interface RunOutput {
  log(event: LogEvent): void;
  /** A warning among the run's events (its journal failed). */
  warn(message: string): void;
}

export interface ObserveOptions {
  readonly secrets: Secrets;
  readonly trace: TraceWriter | undefined;
  /** A trace file of this run's own, closed when it ends. */
  readonly closeTrace: boolean;
  readonly onWire: ((event: WireEvent) => void) | undefined;
  readonly warnings: readonly string[];
  readonly onStart: (output: RunOutput) => void;
  readonly onEnd: () => void;
  /** Awaited before the result is given: the run's journal closed. */
  readonly beforeResult?: (result: AgentResult) => Promise<void>;
}

/**
 * Sends every event of `run` through one output boundary: its wire form to the trace and
 * `onWire`, the displayed form to the reader. The run is read here, at once, so a trace
 * and a session are written even when the front end only awaits the result.
 */
export function observeRun(run: AgentRun, options: ObserveOptions): ObservedRun {
  const { secrets, trace, onWire } = options;
  const shown = new Channel<AgentEvent>();
  const wire: Array<(event: WireEvent) => void> = [];
  if (onWire) wire.push(onWire);
  if (trace) wire.push((event) => trace.write(event));
  const output = createEventOutput({
    secrets: secrets.matcher,
    wire,
    display: [(event) => shown.push(event)],
  });
  options.onStart({ log: output, warn: (message) => output({ type: "warning", message }) });
  const pumped = (async () => {
    try {
      const result = await forwardRun(run, (event) => {
        output(event);
        // Notices follow run-start, which stays first.
        if (event.type === "run-start") {
          for (const message of options.warnings) output({ type: "warning", message });
        }
      });
      await options.beforeResult?.(result);
      return result.answer === undefined
        ? result
        : { ...result, answer: secrets.redact(result.answer) };
    } finally {
      options.onEnd();
      if (options.closeTrace) trace?.close();
      shown.close();
    }
  })();
  // A failure is the caller's to see through `result`; never an unhandled rejection meanwhile.
  pumped.catch(() => undefined);
  return { result: pumped, [Symbol.asyncIterator]: () => shown[Symbol.asyncIterator]() };
}
