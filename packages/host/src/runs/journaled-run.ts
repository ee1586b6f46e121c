import { hostname, userInfo } from "node:os";
import type {
  AgentResult,
  Approve,
  JournaledStart,
  JournalHooks,
  RunJournal,
  RunLease,
  RunRecord,
  RunSettings,
} from "@langchain-mini/core";
import { redactEventStrings } from "../boundary/wire-form.js";
import { RunLeaseHolder } from "./run-lease.js";

export interface JournalingOptions {
  readonly journal: RunJournal;
  readonly runId: string;
  /** Every string blanked of secrets before it is kept. */
  readonly redact: (text: string) => string;
  /** A journal that cannot be written: the run goes on, unjournaled; said once. */
  readonly onWarning: (message: string) => void;
  /** Another process took the run over (this one was taken for dead): stop it. */
  readonly onLost: () => void;
}

/** Who a decision or a resume is recorded as: the user on this machine. */
export function whoIsHere(): string {
  let user = "someone";
  try {
    user = userInfo().username;
  } catch {
    // No user entry (a container's uid): the machine alone says enough.
  }
  return `${user}@${hostname()}`;
}

/**
 * One run's journal as a session keeps it: records written one after another, each
 * blanked of secrets and durable before the loop goes on, the run's lease taken first and
 * let go at its end. A journal that fails costs the resumability, with a warning, never
 * the answer.
 */
export class JournaledRun {
  readonly runId: string;
  readonly #options: JournalingOptions;
  #tail: Promise<unknown> = Promise.resolve();
  #holder: RunLeaseHolder | undefined;
  #failed = false;

  private constructor(options: JournalingOptions, first: () => Promise<void>) {
    this.runId = options.runId;
    this.#options = options;
    void this.#queue(first);
  }

  /** A new run: its lease, then its start record once its run-start tells the question. */
  static start(options: JournalingOptions): JournaledRun {
    const run: JournaledRun = new JournaledRun(options, async () => {
      const { journal, runId, onLost } = options;
      const taken = await RunLeaseHolder.claim(journal, runId, onLost, true);
      if (taken instanceof RunLeaseHolder) run.#holder = taken;
    });
    return run;
  }

  /**
   * A run taken up again: its lease taken (or the live lease that holds it given back),
   * then a `resume` record, and the decision a person gave, if any.
   */
  static async resume(
    options: JournalingOptions,
    decision?: RunRecord,
  ): Promise<JournaledRun | RunLease> {
    const taken = await RunLeaseHolder.claim(options.journal, options.runId, options.onLost);
    if (!(taken instanceof RunLeaseHolder)) return taken;
    // Written ahead of every record the resumed loop keeps; blanked as those are.
    const keep = (record: RunRecord) =>
      options.journal.append(options.runId, redactEventStrings(record, options.redact));
    const run: JournaledRun = new JournaledRun(options, async () => {
      if (decision) await keep(decision);
      await keep({ type: "resume", by: whoIsHere(), at: new Date().toISOString() });
    });
    run.#holder = taken;
    return run;
  }

  /**
   * `--approval pause`: a call that needs approval, with no one to ask, pauses the run
   * (kept in its journal) instead of being declined; declined when the journal cannot be
   * written, since a pause that cannot be resumed would lose the run.
   */
  readonly pauseApprovals: Approve = () =>
    this.#failed
      ? {
          approved: false,
          note: "The run could not be paused for an approval (its journal cannot be written)",
        }
      : { approved: false, pause: true };

  /**
   * The loop's hooks: each write waits for the ones before it; a new run's start record
   * (its settings, the question as the agent has it, and as the user asked it) is kept
   * before its first LLM call.
   */
  hooks(
    recorded: readonly RunRecord[] | undefined,
    settings: Omit<RunSettings, "tools">,
    asked: string,
  ): JournalHooks {
    if (recorded) return { write: this.write, recorded };
    // A start need only outlive the process: the first completion's durable write, which
    // a call paid for waits on, makes it durable with it.
    const start = (run: JournaledStart) =>
      this.#keep(
        {
          type: "start",
          runId: this.runId,
          question: run.question,
          settings: {
            ...settings,
            tools: run.tools,
            ...(asked === run.question ? {} : { asked }),
          },
          at: new Date().toISOString(),
        },
        false,
      );
    return { write: this.write, start };
  }

  /** Keeps a record of the loop's, durably. */
  readonly write = (record: RunRecord): Promise<void> => this.#keep(record, true);

  #keep(record: RunRecord, durable: boolean): Promise<void> {
    const clean = redactEventStrings(record, this.#options.redact);
    return this.#queue(() =>
      this.#options.journal.append(this.runId, clean, durable ? {} : { durable: false }),
    );
  }

  /**
   * The run's end record, then its lease let go. The end need only outlive the process:
   * lost with the machine, the run reads as interrupted, and resuming it replays every
   * call it recorded to the same end, paying for none.
   */
  async finish(result: AgentResult) {
    await this.#keep(
      {
        type: "end",
        status: result.status,
        ...(result.answer === undefined ? {} : { answer: result.answer }),
        ...(result.error ? { error: result.error } : {}),
        at: new Date().toISOString(),
      },
      result.status === "paused",
    );
    await this.#tail;
    await this.#holder?.release();
  }

  /**
   * The lease let go without an end record: the run reads as interrupted, for another
   * process (or this one started again) to take up where it stopped.
   */
  async handOff() {
    await this.#tail;
    await this.#holder?.release();
  }

  #queue(step: () => Promise<void>): Promise<void> {
    const next = this.#tail.then(async () => {
      if (this.#failed) return;
      try {
        await step();
      } catch (error) {
        this.#failed = true;
        this.#options.onWarning(
          `The run's journal could not be written (${(error as Error).message}): the run goes on, but cannot be resumed if it stops`,
        );
      }
    });
    this.#tail = next;
    return next;
  }
}
