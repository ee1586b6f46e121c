import { Agent, type AgentEvent, type Llm, type Tool } from "@langchain-mini/core";

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
  readonly session?: string;
  /** Notices from start-up, e.g. a tool left out for want of a key. */
  readonly notices: readonly string[];
  /** Runs the agent on a question; the signal cancels the LLM stream and the tool. */
  ask(question: string, signal: AbortSignal): AsyncIterable<AgentEvent>;
  /** /new: forget the conversation so far. */
  newConversation(): Promise<void>;
  /** /session <name>: continue a named conversation; gives back its earlier turns. */
  openSession(name: string): Promise<readonly Turn[]>;
  /** /model <spec>: the same specs as --llm. */
  switchModel(spec: string): Promise<void>;
}

export interface ChatServiceOptions {
  readonly llm: Llm;
  readonly tools: readonly Tool[];
  readonly maxSteps: number;
  readonly notices?: readonly string[];
  /** Makes an LLM from a --llm spec, for /model. */
  readonly createLlm?: (spec: string) => Promise<Llm>;
  /** Sees every run's events on their way to the UI: redaction, trace files. */
  readonly wrapRun?: (events: AsyncIterable<AgentEvent>) => AsyncIterable<AgentEvent>;
}

export const modelLabel = (llm: Llm) => `${llm.provider}:${llm.model}`;

/** A ChatService over the ReAct agent, without memory: each question stands alone. */
export function createChatService(options: ChatServiceOptions): ChatService {
  let llm = options.llm;
  return {
    get model() {
      return modelLabel(llm);
    },
    maxSteps: options.maxSteps,
    tools: options.tools,
    notices: options.notices ?? [],
    ask(question, signal) {
      const agent = new Agent({ llm, tools: options.tools, maxSteps: options.maxSteps });
      const run = agent.run(question, { signal });
      return options.wrapRun ? options.wrapRun(run) : run;
    },
    async newConversation() {},
    async openSession(name) {
      throw new Error(
        `Sessions need conversation memory, which this build lacks (asked for '${name}')`,
      );
    },
    async switchModel(spec) {
      if (!options.createLlm) throw new Error("This app cannot switch models");
      llm = await options.createLlm(spec);
    },
  };
}
