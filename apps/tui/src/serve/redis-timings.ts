/**
 * The clocks of serve on Redis. The one promise they keep together: a run whose process
 * died (SIGKILL, a lost machine) is running again in another process within 60 s.
 *
 * BullMQ finds such a run with two things: the job's lock, which the worker running it
 * renews every half lock, and a stalled check that any worker runs every interval (one
 * at a time, server-wide). A check first marks the active jobs, and a later check takes
 * back those still marked whose lock has expired. After a SIGKILL the lock expires within
 * `lockMs`; the job is marked by the first check after that at the latest, and taken back
 * by the next one, so the worst case is about lockMs + 2 × stalledIntervalMs = 40 s, and
 * a waiting worker starts it at once (the queue wakes it). The other 20 s are the margin
 * for a loaded machine.
 */
export interface RedisTimings {
  /**
   * A job's lock, renewed every half of it. 20 s rides out an event loop stalled ~10 s
   * (a busy machine) without the run being taken from a process that still runs it.
   */
  readonly lockMs: number;
  /** How often a stalled check runs (one Lua script, cheap). */
  readonly stalledIntervalMs: number;
  /**
   * How many times a run may be taken back from a dead process before it fails instead:
   * a legitimate run survives several crashes (each take-over resumes it from its
   * journal), while a run that kills every process it lands on stops after this many.
   * Hand-overs by `close` do not count.
   */
  readonly maxStalls: number;
  /**
   * A chat's claim lives this long unless renewed; the process running the run renews
   * it every `claimRenewMs`. It outlasts a take-over (up to 60 s), so a chat whose run
   * moves to another process stays taken meanwhile, and frees itself 90 s after its
   * process died if nobody takes the run over.
   */
  readonly claimMs: number;
  readonly claimRenewMs: number;
  /** A run's feed stays readable this long after its run ended (paused, or for good). */
  readonly finishedFeedMs: number;
  /** …and this long after its last line while it runs (a run nobody took over). */
  readonly runningFeedMs: number;
  /** A cancellation waits this long for its run to start (a run still queued). */
  readonly cancelMarkMs: number;
  /** Finished jobs are kept in BullMQ (for inspection) this long, at most 1,000 of each. */
  readonly keepJobsMs: number;
}

export const DEFAULT_TIMINGS: RedisTimings = {
  lockMs: 20_000,
  stalledIntervalMs: 10_000,
  maxStalls: 10,
  claimMs: 90_000,
  claimRenewMs: 20_000,
  finishedFeedMs: 60 * 60_000,
  runningFeedMs: 24 * 60 * 60_000,
  cancelMarkMs: 60 * 60_000,
  keepJobsMs: 24 * 60 * 60_000,
};
