import { randomUUID } from "node:crypto";
import { checkSessionName, isLangchainMiniError } from "@langchain-mini/core";
import type { RunDecision, RunSummary, Session } from "@langchain-mini/host";
import type { ChatRun, Coordination } from "./coordination.js";
import { HttpError } from "./http-error.js";

/** A run's part a client streams: the run, its chat, where in its feed the part starts. */
export interface StartedRun extends ChatRun {
  readonly chat: string;
}

/**
 * What the HTTP API does with runs, whatever wire it answers in: start one for a chat
 * (one at a time per chat), take a paused one up with a decision, cancel, look one up.
 * Runs go through the queue, so any process may carry them out.
 */
export function createRunService(session: Session, coordination: Coordination) {
  const { feed, chats, queue } = coordination;

  async function claim(chat: string, run: ChatRun) {
    if (await chats.claim(chat, run)) return;
    const going = await chats.running(chat);
    throw new HttpError(
      409,
      "session_busy",
      `Session '${chat}' has a run going${going ? ` (${going.runId})` : ""}: wait for its end, or cancel it with POST /api/runs/${going?.runId ?? "<run id>"}/cancel`,
    );
  }

  return {
    /** A new question in a chat (a fresh chat when none is named). */
    async ask(question: string, chatName?: string): Promise<StartedRun> {
      const chat = chatName === undefined ? `chat-${randomUUID()}` : checkChat(chatName);
      const runId = randomUUID();
      await claim(chat, { runId, from: 0 });
      await submitOrRelease({ kind: "ask", runId, chat, question }, chat);
      return { runId, chat, from: 0 };
    },

    /** A person's decision on the call a paused run waits on; the run goes on. */
    async decide(runId: string, decision: RunDecision): Promise<StartedRun> {
      const summary = await found(runId);
      if (summary.status !== "paused") {
        throw new HttpError(
          409,
          "run_not_paused",
          `Run ${runId} is not waiting for a decision (it is ${summary.status})`,
        );
      }
      const chat = summary.settings.session ?? `run-${runId}`;
      const from = await feed.length(runId);
      await claim(chat, { runId, from });
      await submitOrRelease({ kind: "resume", runId, chat, decision }, chat);
      return { runId, chat, from };
    },

    /** Where a run stands, from its journal. */
    found,

    async cancel(runId: string) {
      await found(runId);
      await queue.cancel(runId);
    },

    /** The chat's run going, if any. */
    running: (chat: string) => chats.running(checkChat(chat)),
  };

  async function submitOrRelease(job: Parameters<typeof queue.submit>[0], chat: string) {
    try {
      await queue.submit(job);
    } catch (error) {
      await chats.release(chat, job.runId).catch(() => undefined);
      throw error;
    }
  }

  async function found(runId: string): Promise<RunSummary> {
    const summary = await session.findRun(runId);
    // A run just submitted has no start record yet, but its feed may have begun.
    if (!summary) {
      throw new HttpError(404, "run_not_found", `There is no run ${runId} in this service's store`);
    }
    return summary;
  }
}

export type RunService = ReturnType<typeof createRunService>;

/** A chat id is a stored conversation's name: the same rules, as a 400. */
export function checkChat(chat: string): string {
  try {
    return checkSessionName(chat);
  } catch (error) {
    const message = isLangchainMiniError(error) ? error.message : String(error);
    throw new HttpError(400, "bad_request", `Bad session id: ${message}`);
  }
}
