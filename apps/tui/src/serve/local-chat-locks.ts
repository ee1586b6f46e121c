import type { ChatLocks, ChatRun } from "./coordination.js";

/**
 * Chat claims in this process's memory. Nothing expires: in one process a claim's holder
 * cannot die without the claims dying with it, so `renew` has nothing to do.
 */
export class LocalChatLocks implements ChatLocks {
  readonly #claims = new Map<string, ChatRun>();

  async claim(chat: string, run: ChatRun): Promise<boolean> {
    const holder = this.#claims.get(chat);
    // The run that holds the chat may claim it again (a resumption starts a new part).
    if (holder && holder.runId !== run.runId) return false;
    this.#claims.set(chat, { runId: run.runId, from: run.from });
    return true;
  }

  async renew(_chat: string, _runId: string): Promise<void> {}

  async release(chat: string, runId: string): Promise<void> {
    if (this.#claims.get(chat)?.runId === runId) this.#claims.delete(chat);
  }

  async running(chat: string): Promise<ChatRun | undefined> {
    return this.#claims.get(chat);
  }
}
