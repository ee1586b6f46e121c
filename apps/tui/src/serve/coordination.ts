/**
 * What `serve` processes share so that they act as one service: the queue runs go
 * through, each run's event feed, which chat has a run going, and cancellations. In one
 * process (no Redis) all of it lives in memory; with `--store redis://…` it lives in
 * Redis (BullMQ for the queue), so any process can run any run, a client can read a run
 * from any process, and a run whose process died is taken over by another.
 */

/** A run to carry out: a new question, or a run taken up from its journal. */
export type RunJob =
  | {
      readonly kind: "ask";
      readonly runId: string;
      /** The chat (stored conversation) the answer goes to. */
      readonly chat: string;
      readonly question: string;
    }
  | {
      readonly kind: "resume";
      readonly runId: string;
      readonly chat: string;
      /** The decision on the call a paused run waits on. */
      readonly decision?: {
        readonly approved: boolean;
        readonly note?: string;
        readonly by?: string;
      };
    };

/** One event line of a run's feed and its place in it (0, 1, 2, …: the SSE id). */
export interface FeedLine {
  readonly seq: number;
  /** The event's wire form as `ask --json` writes it, without the newline. */
  readonly line: string;
}

export interface RunFeed {
  /**
   * Adds a run's next event lines, in order, after those already there; resolves once
   * readers on every process can see them.
   */
  append(runId: string, lines: readonly string[]): Promise<void>;
  /**
   * The run's lines from `from` (a seq), then, as they come, the lines appended later,
   * until a line that ends the run (`"type":"run-end"`) has been given, or the signal ends
   * the reading. A feed with no such line yet waits for one.
   */
  read(runId: string, from: number, signal: AbortSignal): AsyncIterable<FeedLine>;
  /** How many lines the run's feed holds (0 for a run with none). */
  length(runId: string): Promise<number>;
}

/** The run a chat has going, and where in its feed this part of it starts. */
export interface ChatRun {
  readonly runId: string;
  readonly from: number;
}

export interface ChatLocks {
  /**
   * Marks the chat as having this run going; false when it has another (409). Held until
   * `release`, or, across processes, until the holder stops renewing it (its process died)
   * and no one took the run over.
   */
  claim(chat: string, run: ChatRun): Promise<boolean>;
  /** Keeps a claim alive while its run goes (called by the process running it). */
  renew(chat: string, runId: string): Promise<void>;
  /** Frees the chat, if this run still holds it. */
  release(chat: string, runId: string): Promise<void>;
  /** The chat's run going, if any. */
  running(chat: string): Promise<ChatRun | undefined>;
}

export interface RunQueue {
  /** Hands a run to some process; resolves once the queue has accepted it (durably). */
  submit(job: RunJob): Promise<void>;
  /**
   * Starts carrying out runs here, up to `concurrency` at once. A run whose process dies
   * goes to another within 60 s, which gets the same job again (and resumes the run from
   * its journal). The signal ends when this process stops (`close`: its reason says the
   * run is handed over, `isHandedOver`) or the run is cancelled (`cancel`); the handler
   * then brings the run to a stop and returns.
   */
  work(handler: (job: RunJob, signal: AbortSignal) => Promise<void>, concurrency: number): void;
  /** Ends a run wherever it runs (its handler's signal ends). */
  cancel(runId: string): Promise<void>;
  /**
   * Stops taking runs; the runs going here are signalled and, once their handlers have
   * returned, handed back to the queue for another process (or this one restarted).
   */
  close(): Promise<void>;
}

/** Everything `serve` shares between its processes. */
export interface Coordination {
  readonly feed: RunFeed;
  readonly chats: ChatLocks;
  readonly queue: RunQueue;
  /** Closes connections; after `queue.close()`. */
  close(): Promise<void>;
}

/** The line that ends a run's part of a feed. */
export const endsRun = (line: string) => line.startsWith('{"type":"run-end"');
