import { isLangchainMiniError } from "@langchain-mini/core";
import { jsonText, type Session, type SessionRun, type WireEvent } from "@langchain-mini/host";
import type { Coordination, RunJob } from "./coordination.js";
import { isHandedOver } from "./stop-reasons.js";

/** How often a run another process still holds is tried again, after its process died. */
const BUSY_RETRY_MS = 1_000;

/**
 * Carries out one queued run on this process's session and appends its events to the
 * run's feed, as `ask --json` writes them (see `startRun` for which). A run stopped
 * because this process stops leaves its end out of the feed, since another process
 * continues it.
 */
export function createRunHandler(
  session: Session,
  coordination: Coordination,
  redact: (text: string) => string,
  onWarning: (message: string) => void,
) {
  const { feed, chats } = coordination;
  return async (job: RunJob, signal: AbortSignal) => {
    const lines = createFeedWriter(feed, job.runId, onWarning);
    // Set by startRun before the run's first event: whether its replayed events are fed.
    let live = false;
    // The run's end goes to readers once the chat is free (below), so that a client may
    // ask its next question as soon as it has read the last one's answer.
    let end: string | undefined;
    const onWire = (event: WireEvent) => {
      if (event.type === "log") return;
      if (event.type === "resumed") live = true;
      if (isHandedOver(signal) && (event.type === "run-end" || event.type === "error")) return;
      if (event.type === "run-end") end = jsonText(event);
      else if (live || event.type === "warning" || event.type === "error")
        lines.add(jsonText(event));
    };
    // Stopped because this process stops: the run is handed over (left interrupted in its
    // journal, not ended); stopped by a cancel: it ends, aborted.
    const stops = { signal: new AbortController(), handOff: new AbortController() };
    const stop = () => (isHandedOver(signal) ? stops.handOff : stops.signal).abort(signal.reason);
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });
    try {
      const run = await startRun(session, job, {
        signal: stops.signal.signal,
        handOff: stops.handOff.signal,
        onWire,
        fedWhole: () => {
          live = true;
        },
      });
      if (run) await run.result;
      else end = failed(job, "run_not_found", "The run is no longer in the store");
    } catch (error) {
      // A run that cannot start (it was answered meanwhile, its tools changed) ends its
      // feed with one line saying why, so that no reader waits for it forever.
      const code = isLangchainMiniError(error) ? error.code : "internal";
      const message = error instanceof Error ? error.message : String(error);
      end = failed(job, code, redact(message));
    } finally {
      if (!isHandedOver(signal)) {
        await chats.release(job.chat, job.runId).catch(() => undefined);
        if (end) lines.add(end);
      }
      await lines.flushed();
    }
  };
}

interface StartOptions {
  readonly signal: AbortSignal;
  readonly handOff: AbortSignal;
  readonly onWire: (event: WireEvent) => void;
  /** Called when the run's events are all news to readers, replayed ones included. */
  readonly fedWhole: () => void;
}

/**
 * A new question, or the run taken up from its journal. A new question and a decision a
 * client just gave are fed whole (the decided part as `runs approve --json` writes it: the
 * replayed events first, from which readers rebuild the run's calls, then `resumed`). A
 * run taken over from a process that died (the queue gave its job again; a decision it
 * carried may be recorded already) goes on where that process's lines stopped: what it
 * replays is in the feed already. A run the dead process's lease still holds is tried
 * again until the lease lapses.
 */
async function startRun(
  session: Session,
  job: RunJob,
  { fedWhole, ...options }: StartOptions,
): Promise<SessionRun | undefined> {
  for (;;) {
    try {
      const summary = await session.findRun(job.runId);
      if (!summary && job.kind === "ask") {
        fedWhole();
        return session.ask(job.question, { ...options, runId: job.runId, conversation: job.chat });
      }
      if (!summary) return undefined;
      const decision =
        job.kind === "resume" && summary.status === "paused" ? job.decision : undefined;
      if (decision) fedWhole();
      return await session.resume(job.runId, { ...options, ...(decision ? { decision } : {}) });
    } catch (error) {
      const stopped = options.signal.aborted || options.handOff.aborted;
      if (!isLangchainMiniError(error) || error.code !== "run_busy" || stopped) {
        if (isLangchainMiniError(error) && error.code === "run_not_found") return undefined;
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
    }
  }
}

/** The line that ends a run's feed when the run could not start. */
function failed(job: RunJob, code: string, message: string): string {
  const result = {
    status: "failed",
    question: job.kind === "ask" ? job.question : "",
    steps: [],
    usage: { inputTokens: 0, outputTokens: 0 },
    llmCalls: 0,
    durationMs: 0,
    error: { code, message },
  };
  return jsonText({ type: "run-end", result });
}

/** Appends a run's lines to its feed in order, those of one tick of the event loop together. */
function createFeedWriter(
  feed: Coordination["feed"],
  runId: string,
  onWarning: (message: string) => void,
) {
  let batch: string[] = [];
  let written: Promise<void> = Promise.resolve();
  const flush = () => {
    const lines = batch;
    batch = [];
    written = written
      .then(() => feed.append(runId, lines))
      .catch((error: unknown) => {
        // The run goes on and is journaled; only its live readers miss these lines.
        onWarning(`run ${runId}: its events could not be shared with readers: ${String(error)}`);
      });
  };
  return {
    add(...lines: string[]) {
      if (batch.length === 0) setImmediate(flush);
      batch.push(...lines);
    },
    async flushed() {
      // The tick's batch is queued by its setImmediate: wait for it, then for the writes.
      await new Promise((resolve) => setImmediate(resolve));
      if (batch.length > 0) flush();
      await written;
    },
  };
}
