import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { type ChatRequest, parseChatRequest } from "../boundary/chat-request.js";
import {
  UI_MESSAGE_STREAM_DONE,
  UI_MESSAGE_STREAM_HEADERS,
  uiMessageSse,
} from "../boundary/ui-message-sse.js";
import { createUiMessageTranslator } from "../boundary/ui-message-stream.js";
import type { WireEvent } from "../boundary/wire-event.js";
import type { Session, SessionRun } from "../session/session.js";
import { translate } from "./ui-stream.js";

export interface ChatServer {
  /** The chat endpoint, for a `DefaultChatTransport`. */
  readonly api: string;
  /** Every body posted, parsed from JSON. */
  readonly bodies: unknown[];
  close(): Promise<void>;
}

/**
 * The chat endpoint as `serve` has it, in small: a question asks the session, a decision
 * resumes the paused run and continues its message, each run part's events streamed live
 * as they come; `GET <api>/<chat>/stream` replays the chat's latest run part from its start.
 */
export async function startChatServer(session: Session): Promise<ChatServer> {
  const bodies: unknown[] = [];
  const latest = new Map<string, WireEvent[]>();
  const server = createServer((request, response) => {
    const served = (async () => {
      if (request.method === "GET") {
        const chat = decodeURIComponent(request.url?.split("/")[3] ?? "");
        const events = latest.get(chat);
        if (!events) return response.writeHead(204).end();
        return response.writeHead(200, UI_MESSAGE_STREAM_HEADERS).end(translate(events).sse);
      }
      const body: unknown = JSON.parse(await bodyOf(request));
      bodies.push(body);
      const parsed = parseChatRequest(body);
      if ("error" in parsed) {
        const error = { code: "bad_request", message: parsed.error };
        return response
          .writeHead(400, { "content-type": "application/json" })
          .end(JSON.stringify({ error }));
      }
      const events: WireEvent[] = [];
      latest.set(parsed.chat, events);
      const translator = createUiMessageTranslator(
        "decision" in parsed ? { continues: true, messageId: parsed.decision.messageId } : {},
      );
      response.writeHead(200, UI_MESSAGE_STREAM_HEADERS);
      const onWire = (event: WireEvent) => {
        events.push(event);
        response.write(uiMessageSse(translator.push(event), events.length - 1));
      };
      const run = await start(session, parsed, onWire);
      await run.result;
      response.end(UI_MESSAGE_STREAM_DONE);
    })();
    served.catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    api: `http://127.0.0.1:${port}/api/chat`,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function start(
  session: Session,
  request: ChatRequest,
  onWire: (event: WireEvent) => void,
): SessionRun | Promise<SessionRun> {
  if ("question" in request) {
    session.continueConversation(request.chat);
    return session.ask(request.question, { onWire });
  }
  const { runId, approved, note } = request.decision;
  return session.resume(runId, { decision: { approved, ...(note ? { note } : {}) }, onWire });
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  let text = "";
  for await (const piece of request) text += String(piece);
  return text;
}
