import type { AgentEvent, AgentResult, Llm, Tool } from "@langchain-mini/core";
import type { InMemorySessionStore } from "@langchain-mini/memory";
import {
  parseJsonEventStream,
  readUIMessageStream,
  type UIMessage,
  type UIMessageChunk,
  uiMessageChunkSchema,
} from "ai";
import type { UiMessageChunk } from "../boundary/ui-message-chunk.js";
import { UI_MESSAGE_STREAM_DONE, uiMessageSse } from "../boundary/ui-message-sse.js";
import {
  createUiMessageTranslator,
  type UiMessageStreamOptions,
} from "../boundary/ui-message-stream.js";
import type { WireEvent } from "../boundary/wire-event.js";
import { createHost, type Host } from "../create-host.js";
import type { Session, SessionRun } from "../session/session.js";
import { tempDir } from "./temp-dir.js";

/** A key in the host's environment: its value must never reach a page. */
export const TEST_KEY = "sk-acme-4c1f2b9e8d7a6f5e4d3c2b1a";

/** A session on a fresh host with the given model and tools, approvals pausing the run. */
export async function openTestSession(
  hosts: Host[],
  llm: Llm,
  tools: Tool<unknown>[],
  options: { store?: InMemorySessionStore; agent?: string; session?: string } = {},
): Promise<Session> {
  const directory = tempDir();
  const host = createHost({
    env: { ACME_API_KEY: TEST_KEY, LANGCHAIN_MINI_HOME: directory },
    cwd: directory,
  });
  hosts.push(host);
  return host.openSession({ llm, tools, approval: "pause", ...options });
}

export interface RecordedRun {
  readonly runId: string;
  /** The run's events as `ask --json` writes them. */
  readonly events: readonly WireEvent[];
  /** The run's events as a front end iterating the run gets them. */
  readonly shown: readonly AgentEvent[];
  readonly result: AgentResult;
}

/** One part of a real run, its wire events collected until it ends. */
export async function recordRun(
  start: (onWire: (event: WireEvent) => void) => SessionRun | Promise<SessionRun>,
): Promise<RecordedRun> {
  const events: WireEvent[] = [];
  const run = await start((event) => events.push(event));
  const shown: AgentEvent[] = [];
  for await (const event of run) shown.push(event);
  const result = await run.result;
  return { runId: run.runId, events, shown, result };
}

export interface Translated {
  /** The chunks of each event, in the events' order. */
  readonly chunks: readonly UiMessageChunk[][];
  /** The whole response body, each event's place in the run as its SSE id. */
  readonly sse: string;
}

export function translate(
  events: readonly (WireEvent | AgentEvent)[],
  options?: UiMessageStreamOptions,
): Translated {
  const translator = createUiMessageTranslator(options);
  const chunks = events.map((event) => translator.push(event));
  const sse = chunks.map((some, seq) => uiMessageSse(some, seq)).join("") + UI_MESSAGE_STREAM_DONE;
  return { chunks, sse };
}

export interface ReadMessage {
  readonly message: UIMessage | undefined;
  readonly chunks: readonly UIMessageChunk[];
  /** The errors the reader reported: error chunks, and chunks it could not read. */
  readonly errors: readonly string[];
}

/**
 * Reads a response body the way the AI SDK's `DefaultChatTransport` does (its event-stream
 * parser and chunk schema, the bytes arriving in small pieces), then into the assistant
 * message with the SDK's own reader, continuing `message` when given.
 */
export async function readUiMessage(sse: string, message?: UIMessage): Promise<ReadMessage> {
  const bytes = new TextEncoder().encode(sse);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let start = 0; start < bytes.length; start += 7) {
        controller.enqueue(bytes.slice(start, start + 7));
      }
      controller.close();
    },
  });
  const chunks: UIMessageChunk[] = [];
  const stream = parseJsonEventStream({ stream: body, schema: uiMessageChunkSchema }).pipeThrough(
    new TransformStream({
      transform(result, controller) {
        if (!result.success) throw result.error;
        chunks.push(result.value);
        controller.enqueue(result.value);
      },
    }),
  );
  const errors: string[] = [];
  let last: UIMessage | undefined;
  const onError = (error: unknown) => {
    errors.push(error instanceof Error ? error.message : String(error));
  };
  for await (const snapshot of readUIMessageStream({ stream, onError, message })) {
    last = snapshot;
  }
  return { message: last, chunks, errors };
}

/** A ReAct completion that calls a tool. */
export const act = (tool: string, input: string, thought = "I will use it.") =>
  ` ${thought}\nAction: ${tool}\nAction Input: ${input}`;

/** A ReAct completion that answers. */
export const answer = (text: string) => ` I now know the final answer\nFinal Answer: ${text}`;
