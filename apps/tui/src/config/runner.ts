import type { AgentRun, RunOptions } from "@langchain-mini/core";
import type { Env } from "./env.js";
import { createAgent, type Runtime } from "./run-options.js";

/** Runs one question: a bare agent, or a turn of a stored conversation with --session. */
export interface Runner {
  run(question: string, options?: RunOptions): AgentRun;
}

export interface SessionChoice {
  readonly session?: string;
  /** buffer, window[:k], tokens[:n] or summary; default tokens:2000. */
  readonly history?: string;
}

/** The memory package is loaded only when a session is asked for. */
export async function createRunner(
  runtime: Runtime,
  choice: SessionChoice,
  env: Env,
): Promise<Runner> {
  const agent = createAgent(runtime);
  if (!choice.session) {
    if (choice.history) {
      const { usageError } = await import("./usage-error.js");
      throw usageError("--history needs --session <name>: without a session there is no history");
    }
    return agent;
  }
  const memory = await import("@langchain-mini/memory");
  const history = memory.parseHistoryStrategy(choice.history ?? "tokens:2000", runtime.llm);
  const conversation = new memory.Conversation({
    agent,
    llm: runtime.llm,
    store: new memory.FileSessionStore({ env }),
    session: memory.checkSessionName(choice.session),
    history,
  });
  return { run: (question, options) => conversation.ask(question, options) };
}
