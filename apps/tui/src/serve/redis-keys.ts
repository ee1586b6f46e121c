/** Names of everything serve keeps in Redis, under one prefix (default `lcm:serve:`). */
export interface ServeKeys {
  /** A run's feed: a stream whose entry ids are `0-<seq + 1>`. */
  feed(runId: string): string;
  /** A chat's claim: a hash of the run holding it and where its part starts. */
  chat(chat: string): string;
  /** Marks a cancelled run for the process that starts it after the cancel was sent. */
  cancelled(runId: string): string;
  /** An eval's mark of life, renewed while it runs: its case runs are worked while it is there. */
  evalAlive(evalId: string): string;
  /** Where cancellations are published. */
  readonly cancelChannel: string;
  /** BullMQ's own prefix: its keys are `<prefix>:langchain-mini-runs:…`. */
  readonly queuePrefix: string;
}

export const DEFAULT_PREFIX = "lcm:serve:";

export function serveKeys(prefix: string, database: number): ServeKeys {
  const queuePrefix = prefix.replace(/:+$/, "");
  if (queuePrefix === "") throw new Error("The Redis key prefix for serve must not be empty");
  return {
    feed: (runId) => `${prefix}feed:${runId}`,
    chat: (chat) => `${prefix}chat:${chat}`,
    cancelled: (runId) => `${prefix}cancelled:${runId}`,
    evalAlive: (evalId) => `${prefix}eval:${evalId}`,
    // Keys belong to a database, channels to the whole server: the database is in its name.
    cancelChannel: `${prefix}cancel:${database}`,
    queuePrefix,
  };
}

/** The BullMQ queue every serve process shares. */
export const QUEUE_NAME = "langchain-mini-runs";

/** The BullMQ queue of evals' case runs (`eval --store redis://…`), worked by serve too. */
export const EVAL_QUEUE_NAME = "langchain-mini-evals";
