import type { AgentEvent } from "@langchain-mini/core";
import { createHost } from "@langchain-mini/host";
import { orderStatus } from "./order-status.js";

export interface SupportAnswer {
  readonly answer: string | undefined;
  /** What the agent did, one line per tool call, in the desk's own words. */
  readonly log: readonly string[];
}

/**
 * A support desk that answers customers' questions with an agent: the program keeps its
 * own output (a log of what was looked up) and hands the rest to the host, which loads
 * the model from the settings, blanks keys and writes the trace.
 */
export async function answerCustomer(
  question: string,
  settings: { readonly env: Readonly<Record<string, string | undefined>>; readonly cwd: string },
): Promise<SupportAnswer> {
  const host = createHost(settings);
  try {
    const session = await host.openSession({
      // A spec from the settings (a provider, or a scripted model in tests).
      llm: settings.env.SUPPORT_LLM,
      tools: [orderStatus],
      maxSteps: 5,
    });
    const log: string[] = [];
    const run = session.ask(question);
    for await (const event of run) log.push(...describe(event));
    const result = await run.result;
    return { answer: result.answer, log };
  } finally {
    await host.close();
  }
}

function describe(event: AgentEvent): string[] {
  if (event.type === "tool-start") return [`looked up ${event.tool} with ${event.input}`];
  if (event.type === "error") return [`could not answer: ${event.error.message}`];
  return [];
}
