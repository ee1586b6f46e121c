import type { Session } from "@langchain-mini/host";
import type { Coordination } from "./coordination.js";

/**
 * Runs a server handed over when it stopped (left interrupted in the journal, started by
 * `serve`), queued again: on one process with the file store, no other process would
 * take them up. With Redis the queue keeps them instead, so this is not needed there.
 */
export async function resumeHandedOver(session: Session, coordination: Coordination) {
  const unfinished = await session.unfinishedRuns();
  for (const run of unfinished) {
    const chat = run.settings.session;
    if (run.status !== "interrupted" || run.settings.via !== "serve" || !chat) continue;
    const from = await coordination.feed.length(run.runId);
    if (!(await coordination.chats.claim(chat, { runId: run.runId, from }))) continue;
    await coordination.queue.submit({ kind: "resume", runId: run.runId, chat });
  }
}
