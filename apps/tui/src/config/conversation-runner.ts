import type { AgentRun, Approve, Llm } from "@langchain-mini/core";
import {
  Conversation,
  checkSessionName,
  InMemorySessionStore,
  parseHistoryStrategy,
  type SessionInfo,
  type SessionStore,
  turnsOf,
} from "@langchain-mini/memory";
import { createAgent, type Runtime } from "./run-options.js";

/** One question and its answer, as a conversation shows them. */
export interface Turn {
  readonly question: string;
  readonly answer: string;
}

/** A stored conversation, opened: its earlier turns, and what the user must be told. */
export interface OpenedSession {
  readonly turns: readonly Turn[];
  /** E.g. a damaged file moved aside, with the path it was moved to. */
  readonly warnings: readonly string[];
}

/**
 * The one way this app runs questions, for `ask` and the terminal UI alike: seed 000's
 * conversation loop. A follow-up is first rewritten into a standalone question from the
 * history, then answered, then stored. Without a session name the conversation is kept in
 * memory only, so follow-ups in the terminal UI still work.
 */
export interface ConversationRunner {
  /** `provider:model`. */
  readonly model: string;
  readonly runtime: Runtime;
  /** The stored session the conversation is kept in; undefined: kept in memory only. */
  readonly session: string | undefined;
  /**
   * One turn; the signal cancels the LLM stream and the tool. `approve` asks the user
   * about tool calls that wait for approval; without it they are declined.
   */
  ask(question: string, signal?: AbortSignal, approve?: Approve): AgentRun;
  /** A fresh conversation, kept in memory only. Stored sessions stay as they are. */
  newConversation(): void;
  /** Continue a stored conversation; gives back its earlier turns. */
  openSession(name: string): Promise<OpenedSession>;
  /** The stored conversations, newest first. */
  listSessions(): Promise<readonly SessionInfo[]>;
  /** Continue a stored conversation without reading it now (each turn reads it anyway). */
  continueSession(name: string): void;
  /** Another LLM from now on (the same tools and limits). */
  replaceLlm(llm: Llm): void;
}

export interface RunnerOptions {
  readonly runtime: Runtime;
  /** Where named sessions are kept. */
  readonly store: SessionStore;
  /** --history: buffer, window[:k], tokens[:n] or summary; memory's default otherwise. */
  readonly history?: string;
  /** Blanks secrets out of what a stored session keeps: the output's redactor. */
  readonly redact?: (text: string) => string;
}

export const modelLabel = (llm: Llm) => `${llm.provider}:${llm.model}`;

export function createConversationRunner(options: RunnerOptions): ConversationRunner {
  const { store } = options;
  let runtime = options.runtime;
  // A bad --history fails at start-up, not at the second question.
  let history = parseHistoryStrategy(options.history, runtime.llm);
  let session: string | undefined;
  let scratch = new InMemorySessionStore();

  return {
    get model() {
      return modelLabel(runtime.llm);
    },
    get runtime() {
      return runtime;
    },
    get session() {
      return session;
    },
    ask(question, signal, approve) {
      const conversation = new Conversation({
        agent: createAgent(runtime, approve),
        llm: runtime.llm,
        store: session ? store : scratch,
        session: session ?? "scratch",
        history,
        ...(options.redact ? { redact: options.redact } : {}),
      });
      return conversation.ask(question, { signal });
    },
    newConversation() {
      session = undefined;
      scratch = new InMemorySessionStore();
    },
    listSessions: () => store.list(),
    async openSession(name) {
      const { records, warnings } = await store.load(checkSessionName(name));
      session = name;
      const turns = turnsOf(records).map(({ question, answer }) => ({ question, answer }));
      return { turns, warnings };
    },
    continueSession(name) {
      session = checkSessionName(name);
    },
    replaceLlm(llm) {
      history = parseHistoryStrategy(options.history, llm);
      runtime = { ...runtime, llm };
    },
  };
}
