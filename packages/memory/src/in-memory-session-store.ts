import {
  checkSessionName,
  type LoadedSession,
  type SessionInfo,
  type SessionRecord,
  type SessionStore,
  turnsOf,
} from "@langchain-mini/core";
import { InMemoryRunJournal } from "./in-memory-run-journal.js";

/** Sessions that live as long as the process: tests, servers with their own persistence. */
export class InMemorySessionStore implements SessionStore {
  readonly runs = new InMemoryRunJournal();
  readonly #sessions = new Map<string, { records: SessionRecord[]; updatedAt: Date }>();

  async load(session: string): Promise<LoadedSession> {
    checkSessionName(session);
    return { records: [...(this.#sessions.get(session)?.records ?? [])], warnings: [] };
  }

  async append(session: string, record: SessionRecord) {
    checkSessionName(session);
    const entry = this.#sessions.get(session) ?? { records: [], updatedAt: new Date() };
    entry.records.push(record);
    entry.updatedAt = new Date();
    this.#sessions.set(session, entry);
  }

  async clear(session: string) {
    this.#sessions.delete(checkSessionName(session));
  }

  async list(): Promise<SessionInfo[]> {
    return [...this.#sessions]
      .map(([name, entry]) => {
        const turns = turnsOf(entry.records);
        const last = turns.at(-1);
        return {
          name,
          turns: turns.length,
          updatedAt: entry.updatedAt,
          ...(last ? { lastQuestion: last.question } : {}),
        };
      })
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
  }
}
