import { checkSessionName, type SessionRecord, turnsOf } from "./session-record.js";

export interface LoadedSession {
  readonly records: readonly SessionRecord[];
  /** Problems found and dealt with (a damaged file moved aside), for the user to see. */
  readonly warnings: readonly string[];
}

export interface SessionInfo {
  readonly name: string;
  readonly turns: number;
  readonly updatedAt: Date;
}

/** The narrow store a conversation needs: load, append, clear, list. */
export interface SessionStore {
  load(session: string): Promise<LoadedSession>;
  append(session: string, record: SessionRecord): Promise<void>;
  clear(session: string): Promise<void>;
  list(): Promise<SessionInfo[]>;
}

/** Sessions that live as long as the process: tests, servers with their own persistence. */
export class InMemorySessionStore implements SessionStore {
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
    return [...this.#sessions].map(([name, entry]) => ({
      name,
      turns: turnsOf(entry.records).length,
      updatedAt: entry.updatedAt,
    }));
  }
}
