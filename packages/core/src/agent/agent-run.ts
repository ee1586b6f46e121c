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

/** How `forwardRun` takes a run made here off its queue. */
const HAND_OVER = Symbol("hand over");

interface HandedRun extends AgentRun {
  [HAND_OVER](to: Emit): void;
}

/** Starts `body` with an `emit` function and exposes its events and result as an AgentRun. */
export function startRun(body: (emit: Emit) => Promise<AgentResult>): AgentRun {
  const channel = new Channel<AgentEvent>();
  let receiver: Emit | undefined;
  const emit: Emit = (event) => {
    if (receiver) receiver(event);
    else channel.push(event);
  };
  const result = body(emit).finally(() => channel.close());
  // A rejected result is the caller's to see; never an unhandled rejection meanwhile.
  result.catch(() => {});
  const run: HandedRun = {
    result,
    [Symbol.asyncIterator]: () => channel[Symbol.asyncIterator](),
    [HAND_OVER](to) {
      for (const event of channel.take()) to(event);
      receiver = to;
    },
  };
  return run;
}

/**
 * Passes every event of `run` to `to` as it happens and gives its result: how a wrapper
 * (a conversation's turn, a host's session) passes a run on. A run made by `startRun` is
 * handed over, so an event crosses no queue of the wrapper's, only the reader's at the
 * end, however many wrappers there are. Any other run is read as every reader reads it.
 * What `to` throws is the wrapper's failure, as if it had read the events itself: the
 * result is that error at once, later events are dropped, and the run goes on.
 */
export async function forwardRun(run: AgentRun, to: Emit): Promise<AgentResult> {
  if (!(HAND_OVER in run)) {
    for await (const event of run) to(event);
    return run.result;
  }
  return new Promise((resolve, reject) => {
    let failed = false;
    (run as HandedRun)[HAND_OVER]((event) => {
      if (failed) return;
      try {
        to(event);
      } catch (error) {
        failed = true;
        reject(error);
      }
    });
    run.result.then(resolve, reject);
  });
}
