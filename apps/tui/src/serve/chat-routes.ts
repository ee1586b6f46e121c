import {
  createUiMessageTranslator,
  parseChatRequest,
  UI_MESSAGE_STREAM_DONE,
  UI_MESSAGE_STREAM_HEADERS,
  uiMessageSse,
  type WireEvent,
} from "@langchain-mini/host";
import type { Hono } from "hono";
import type { FeedLine } from "./coordination.js";
import { feedResponse } from "./feed-response.js";
import { jsonBody, type RouteContext } from "./http-app.js";
import { HttpError } from "./http-error.js";
import { checkChat, type StartedRun } from "./run-service.js";

/**
 * The AI SDK's chat endpoints, so that a page using `useChat` works unchanged: a question
 * or an approval posted as `DefaultChatTransport` sends it, answered with the UI message
 * stream; and the transport's reconnect, which reads the chat's run going again.
 */
export function chatRoutes(app: Hono, { runs, coordination }: RouteContext) {
  app.post("/api/chat", async (c) => {
    const request = parseChatRequest(await jsonBody(c));
    if ("error" in request) throw new HttpError(400, "bad_request", request.error);
    if ("question" in request) {
      return uiStream(await runs.ask(request.question, request.chat), false);
    }
    const { decision } = request;
    const started = await runs.decide(decision.runId, {
      approved: decision.approved,
      ...(decision.note === undefined ? {} : { note: decision.note }),
    });
    if (started.chat !== request.chat) {
      throw new HttpError(
        400,
        "bad_request",
        `Run ${decision.runId} is not in chat '${request.chat}'`,
      );
    }
    return uiStream(started, true, decision.messageId);
  });

  app.get("/api/chat/:id/stream", async (c) => {
    const running = await runs.running(checkChat(c.req.param("id")));
    if (!running) return c.body(null, 204);
    const lastSeen = c.req.header("last-event-id");
    const after = lastSeen !== undefined && /^\d{1,9}$/.test(lastSeen) ? Number(lastSeen) : -1;
    // The transport rebuilds the message from the part's start (a decided part replays
    // the run before going on, so it holds the whole message); others may send
    // Last-Event-ID to skip what they have.
    return uiStream({ ...running, chat: c.req.param("id") }, false, undefined, after + 1);
  });

  /**
   * A run's part as the UI message stream. The translator reads the part from its start
   * (it needs the run's first events to know its steps) even when the client has seen
   * some of it: only the chunks of lines after `sendFrom` are sent.
   */
  function uiStream(started: StartedRun, continues: boolean, messageId?: string, sendFrom = 0) {
    const translator = createUiMessageTranslator({
      ...(messageId ? { messageId } : {}),
      ...(continues ? { continues } : {}),
    });
    return feedResponse({
      feed: coordination.feed,
      runId: started.runId,
      from: started.from,
      format: ({ seq, line }: FeedLine) => {
        const chunks = translator.push(JSON.parse(line) as WireEvent);
        return seq < sendFrom ? "" : uiMessageSse(chunks, seq);
      },
      end: UI_MESSAGE_STREAM_DONE,
      headers: { ...UI_MESSAGE_STREAM_HEADERS, "x-run-id": started.runId },
    });
  }
}
