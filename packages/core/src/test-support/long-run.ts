// What the long-run tests share: a model with a window it keeps, whose summary calls are
// answered apart from the agent's script, and a tool whose pages are as large as asked.
import { STEP_SUMMARY_TEMPLATE } from "@langchain-mini/prompts";
import { Agent } from "../agent/react-agent.js";
import { ToolCallingAgent } from "../agent/tool-calling-agent.js";
import type { AgentEvent } from "../contracts/events.js";
import type { Llm, LlmRequest } from "../contracts/llm.js";
import type { RunRecord } from "../contracts/run-journal.js";
import type { Tool } from "../contracts/tool.js";
import { ScriptedLlm, type ScriptedReply } from "../testing/scripted-llm.js";

export type Mode = "react" | "tools";

const SUMMARY_START = STEP_SUMMARY_TEMPLATE.slice(0, 60);

export const isSummaryCall = (request: LlmRequest) =>
  request.prompt?.startsWith(SUMMARY_START) === true;

export interface WindowedOptions {
  /** The window the model says it has. */
  readonly declared: number;
  /** The window it keeps (refusing longer prompts); default the declared one. */
  readonly kept?: number;
}

/**
 * A model that plays the agent's script, and answers each summary call with a summary
 * naming the steps it folded. Requests it accepted are in `calls`, in order.
 */
export function windowedLlm(script: readonly ScriptedReply[], options: WindowedOptions) {
  const kept = options.kept ?? options.declared;
  const agent = new ScriptedLlm(script, { contextWindow: kept });
  const summaries = new ScriptedLlm(
    Array.from({ length: 100 }, (_, index) => `Summary ${index + 1}: the pages so far were read.`),
    { contextWindow: kept },
  );
  const calls: LlmRequest[] = [];
  const llm: Llm = {
    provider: "script",
    model: "windowed",
    capabilities: agent.capabilities,
    contextWindow: options.declared,
    async *stream(request) {
      const model = isSummaryCall(request) ? summaries : agent;
      const before = model.calls.length;
      try {
        yield* model.stream(request);
      } finally {
        if (model.calls.length > before) calls.push(request);
      }
    },
  };
  return { llm, calls };
}

/** A tool whose page N is `size` characters, ending with the line that names its code. */
export function pagesTool(size: number) {
  return {
    name: "fetch",
    description: "fetches page N",
    execute: (input: string) => {
      const page = input.trim();
      const line = `page ${page} line of text that goes on for a while\n`;
      const body = line.repeat(Math.ceil(size / line.length)).slice(0, size);
      return `${body}\nThe code of page ${page} is CODE-${page}.`;
    },
  } satisfies Tool;
}

/** The agent's reply for a step that fetches page `page`, in either mode. */
export function fetchReply(
  mode: Mode,
  page: number,
  thought = "I should read the next page",
): ScriptedReply {
  return mode === "react"
    ? ` ${thought}\nAction: fetch\nAction Input: ${page}`
    : {
        text: thought,
        toolCalls: [{ id: `c${page}`, name: "fetch", arguments: { input: String(page) } }],
      };
}

export function answerReply(mode: Mode, answer: string): ScriptedReply {
  return mode === "react"
    ? ` I now know the final answer\nFinal Answer: ${answer}`
    : { text: answer };
}

export function agentFor(mode: Mode, llm: Llm, tools: readonly Tool<unknown>[], maxSteps = 60) {
  const options = { llm, tools, maxSteps, today: "2026-11-27" };
  return mode === "react" ? new Agent(options) : new ToolCallingAgent(options);
}

/** Runs a question to its end: the events, the result and the journal's records. */
export async function runToEnd(agent: Agent | ToolCallingAgent, recorded?: readonly RunRecord[]) {
  const records: RunRecord[] = [];
  const run = agent.run("What is the code of the last page?", {
    runId: "run-1",
    journal: {
      write: async (record) => {
        records.push(structuredClone(record));
      },
      ...(recorded ? { recorded } : {}),
    },
  });
  const events: AgentEvent[] = [];
  for await (const event of run) events.push(event);
  return { events, records, result: await run.result };
}

/** The agent's own calls' starts (not memory's or compaction's), in order. */
export function agentStarts(events: readonly AgentEvent[]) {
  return events.filter(
    (event): event is Extract<AgentEvent, { type: "llm-start" }> =>
      event.type === "llm-start" && event.purpose === undefined,
  );
}

/** The prompt a request sent, as one text, in either mode. */
export function promptText(request: LlmRequest) {
  return request.prompt ?? JSON.stringify(request.messages);
}
