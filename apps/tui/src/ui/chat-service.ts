import type { AgentEvent, Approve, Llm, SessionInfo, Tool } from "@langchain-mini/core";
import type { ConversationRunner, OpenedSession } from "../config/conversation-runner.js";

export type { OpenedSession, Turn } from "../config/conversation-runner.js";

/**
 * What the UI needs from the rest of the app: runs, the conversation's memory, the
 * model. The terminal command builds it around the app's conversation runner; tests
 * build it around a scripted LLM.
 */
export interface ChatService {
  /** `provider:model`. */
  readonly model: string;
  readonly maxSteps: number;
  readonly tools: readonly Pick<Tool<unknown>, "name" | "description" | "origin">[];
  /** The stored session the conversation is kept in; undefined: kept in memory only. */
  readonly session: string | undefined;
  /** Notices from start-up, e.g. a tool left out for want of a key. */
  readonly notices: readonly string[];
  /**
   * Runs a turn of the conversation: a follow-up is first rewritten into a standalone
   * question (a `standalone-question` event). The signal cancels the LLM stream and the tool;
   * `approve` asks the user about tool calls that wait for approval.
   */
  ask(question: string, signal: AbortSignal, approve?: Approve): AsyncIterable<AgentEvent>;
  /** /new: a fresh conversation, kept in memory only. Stored sessions stay as they are. */
  newConversation(): Promise<void>;
  /** /session <name>: continue a stored conversation; gives back its earlier turns. */
  openSession(name: string): Promise<OpenedSession>;
  /** /resume: the stored conversations, newest first. */
  listSessions(): Promise<readonly SessionInfo[]>;
  /** /model <spec>: the same specs as --llm. */
  switchModel(spec: string): Promise<void>;
}

export interface ChatServiceOptions {
  readonly runner: ConversationRunner;
  /** Makes an LLM from a --llm spec, for /model. */
  readonly createLlm?: (spec: string) => Promise<Llm>;
  /** Sees every run's events on their way to the UI: the output boundary, trace files. */
  readonly observe?: (events: AsyncIterable<AgentEvent>) => AsyncIterable<AgentEvent>;
  /** Blanks secrets out of what the approval prompt shows (a call's input is model text). */
  readonly redact?: (text: string) => string;
}

export function createChatService(options: ChatServiceOptions): ChatService {
  const { runner, observe } = options;
  return {
    get model() {
      return runner.model;
    },
    get session() {
      return runner.session;
    },
    get maxSteps() {
      return runner.runtime.maxSteps;
    },
    get tools() {
      return runner.runtime.tools;
    },
    get notices() {
      return runner.runtime.notices;
    },
    ask(question, signal, approve) {
      const { redact } = options;
      const shown: Approve | undefined =
        approve && redact
          ? (request) =>
              approve({
                ...request,
                tool: redact(request.tool),
                input: redact(request.input),
                ...(request.origin ? { origin: redact(request.origin) } : {}),
              })
          : approve;
      const run = runner.ask(question, signal, shown);
      return observe ? observe(run) : run;
    },
    async newConversation() {
      runner.newConversation();
    },
    openSession: (name) => runner.openSession(name),
    listSessions: () => runner.listSessions(),
    async switchModel(spec) {
      if (!options.createLlm) throw new Error("This app cannot switch models");
      runner.replaceLlm(await options.createLlm(spec));
    },
  };
}
