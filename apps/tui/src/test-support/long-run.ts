import { resolve } from "node:path";
import type { FakeScript, RecordedRequest } from "@langchain-mini/llm-openai/testing";

/** The tool plug-in whose pages are as long as asked (see the file). */
export const PAGES_TOOL = resolve(import.meta.dirname, "pages-tool.mjs");

/** The window the fake server keeps: the window a run assumes for a model it does not know. */
export const WINDOW = 32_768;

export type AgentMode = "react" | "tools";

export const pageCode = (page: number) => `K${(page * 7919) % 100_003}`;

type Message = {
  role: string;
  content?: string | null;
  tool_calls?: { function: { arguments: string } }[];
};

const messagesOf = (request: RecordedRequest) => request.body.messages as Message[];

/** A summary call of a compaction: the summariser's prompt, not the agent's. */
export const isSummaryCall = (request: RecordedRequest) =>
  String(messagesOf(request).at(-1)?.content ?? "").startsWith("An agent is answering a question");

/**
 * The model of a long run, a function of the prompt alone: it reads the report page after
 * page (the page after the last one it asked for), and after `pages` answers with the code
 * it reads at the end of the last page's result, a late observation.
 */
export function pagesScript(agent: AgentMode, pages: number): FakeScript {
  return (request) => {
    if (isSummaryCall(request))
      return { text: "Pages were read one after the other; none held the answer yet." };
    const messages = messagesOf(request);
    const last = lastPage(messages, agent);
    if (last < pages) {
      const next = last + 1;
      return agent === "tools"
        ? {
            text: `Page ${last} read.`,
            toolCalls: [{ name: "fetch_page", arguments: JSON.stringify({ input: String(next) }) }],
          }
        : { text: ` Page ${last} read.\nAction: fetch_page\nAction Input: ${next}` };
    }
    const text = messages.map((message) => message.content ?? "").join("\n");
    const code =
      new RegExp(`The code of page ${pages} is (\\w+)\\.`).exec(text)?.[1] ?? "not found";
    return agent === "tools"
      ? { text: code }
      : { text: ` I now know the final answer\nFinal Answer: ${code}` };
  };
}

/** The last page the model asked for in this prompt; 0 before any. */
function lastPage(messages: readonly Message[], agent: AgentMode) {
  if (agent === "tools") {
    const calls = messages.flatMap((message) => message.tool_calls ?? []);
    const input = calls.at(-1)?.function.arguments;
    return input ? Number((JSON.parse(input) as { input: string }).input) : 0;
  }
  const prompt = String(messages.at(-1)?.content ?? "");
  const inputs = [
    ...prompt.slice(prompt.lastIndexOf("\nBegin!\n")).matchAll(/\nAction Input: (\d+)/g),
  ];
  return Number(inputs.at(-1)?.[1] ?? 0);
}

/** Whether a request's prompt extends the previous one's: the same text or messages, and more. */
export function extendsPrevious(previous: RecordedRequest, request: RecordedRequest) {
  const before = messagesOf(previous);
  const now = messagesOf(request);
  if (before.length === 1 && now.length === 1) {
    return String(now[0]?.content).startsWith(String(before[0]?.content));
  }
  return JSON.stringify(now.slice(0, before.length)) === JSON.stringify(before);
}
