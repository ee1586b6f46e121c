import type { AgentEvent, AgentResult } from "../contracts/events.js";
import { Channel } from "../stream/channel.js";

/**
 * A run in progress: iterate it for events (once), or await `result`. The run starts at
 * once and buffers its events, so a caller that only wants the result need not iterate.
 */
export interface AgentRun extends AsyncIterable<AgentEvent> {
  readonly result: Promise<AgentResult>;
}

export type Emit = (event: AgentEvent) => void;

/** Starts `body` with an `emit` function and exposes its events and result as an AgentRun. */
export function startRun(body: (emit: Emit) => Promise<AgentResult>): AgentRun {
  const channel = new Channel<AgentEvent>();
  const emit: Emit = (event) => channel.push(event);
  const result = body(emit).finally(() => channel.close());
  // A rejected result is the caller's to see; never an unhandled rejection meanwhile.
  result.catch(() => {});
  return { result, [Symbol.asyncIterator]: () => channel[Symbol.asyncIterator]() };
}
