import type { AgentEvent, Llm, Tool } from "@langchain-mini/core";
import {
  Conversation,
  checkSessionName,
  InMemorySessionStore,
  parseHistoryStrategy,
  type SessionStore,
  turnsOf,
} from "@langchain-mini/memory";
import { createAgent, type Runtime } from "../config/run-options.js";

/** One question and its answer, as a conversation shows them. */
export interface Turn {
  readonly question: string;
  readonly answer: string;
}

/**
 * What the UI needs from the rest of the app: runs, the conversation's memory, the
 * model. The terminal command builds it from flags and environment; tests build it
 * around a scripted LLM.
 */
export interface ChatService {
  /** `provider:model`. */
  readonly model: string;
  readonly maxSteps: number;
  readonly tools: readonly Pick<Tool, "name" | "description">[];
  /** The stored session the conversation is kept in; undefined: kept in memory only. */
  readonly session: string | undefined;
  /** Notices from start-up, e.g. a tool left out for want of a key. */
  readonly notices: readonly string[];
  /**
   * Runs a turn of the conversation: a follow-up is first rewritten into a standalone
   * question (a `standalone-question` event). The signal cancels the LLM stream and the tool.
   */
  ask(question: string, signal: AbortSignal): AsyncIterable<AgentEvent>;
  /** /new: a fresh conversation, kept in memory only. Stored sessions stay as they are. */
  newConversation(): Promise<void>;
  /** /session <name>: continue a stored conversation; gives back its earlier turns. */
  openSession(name: string): Promise<readonly Turn[]>;
  /** /model <spec>: the same specs as --llm. */
  switchModel(spec: string): Promise<void>;
}

export interface ChatServiceOptions {
  readonly runtime: Runtime;
  /** Where named sessions are kept (a FileSessionStore in the app). */
  readonly store: SessionStore;
  /** --history: buffer, window[:k], tokens[:n] or summary; default tokens:2000. */
  readonly history?: string;
  /** Makes an LLM from a --llm spec, for /model. */
  readonly createLlm?: (spec: string) => Promise<Llm>;
  /** Sees every run's events on their way to the UI: redaction, trace files. */
  readonly wrapRun?: (events: AsyncIterable<AgentEvent>) => AsyncIterable<AgentEvent>;
}

export const modelLabel = (llm: Llm) => `${llm.provider}:${llm.model}`;

/**
 * A ChatService over the agent and a conversation memory, as in seed 000's loop. Without
 * a session name the conversation is kept in memory only, so follow-ups still work.
 */
export function createChatService(options: ChatServiceOptions): ChatService {
  const { runtime, store } = options;
  const historySpec = options.history ?? "tokens:2000";
  let llm = runtime.llm;
  // A bad --history fails at start-up, not at the second question.
  let history = parseHistoryStrategy(historySpec, llm);
  let session: string | undefined;
  let scratch = new InMemorySessionStore();

  return {
    get model() {
      return modelLabel(llm);
    },
    get session() {
      return session;
    },
    maxSteps: runtime.maxSteps,
    tools: runtime.tools,
    notices: runtime.notices,
    ask(question, signal) {
      const conversation = new Conversation({
        agent: createAgent({ ...runtime, llm }),
        llm,
        store: session ? store : scratch,
        session: session ?? "scratch",
        history,
      });
      const run = conversation.ask(question, { signal });
      return options.wrapRun ? options.wrapRun(run) : run;
    },
    async newConversation() {
      session = undefined;
      scratch = new InMemorySessionStore();
    },
    async openSession(name) {
      const { records } = await store.load(checkSessionName(name));
      session = name;
      return turnsOf(records).map(({ question, answer }) => ({ question, answer }));
    },
    async switchModel(spec) {
      if (!options.createLlm) throw new Error("This app cannot switch models");
      const next = await options.createLlm(spec);
      history = parseHistoryStrategy(historySpec, next);
      llm = next;
    },
  };
}
