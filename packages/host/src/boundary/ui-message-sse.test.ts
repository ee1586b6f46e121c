import { UI_MESSAGE_STREAM_HEADERS as AI_SDK_HEADERS } from "ai";
import { describe, expect, it } from "vitest";
import {
  UI_MESSAGE_STREAM_DONE,
  UI_MESSAGE_STREAM_HEADERS,
  uiMessageSse,
} from "./ui-message-sse.js";

describe("the UI message stream's server-sent events", () => {
  it("writes each chunk as one data line, the event's id on its last chunk only", () => {
    const text = uiMessageSse(
      [
        { type: "text-start", id: "text-1" },
        { type: "text-delta", id: "text-1", delta: "a\nb\r\n</script>" },
      ],
      7,
    );
    expect(text).toBe(
      'data: {"type":"text-start","id":"text-1"}\n\n' +
        'id: 7\ndata: {"type":"text-delta","id":"text-1","delta":"a\\nb\\r\\n</script>"}\n\n',
    );
    expect(uiMessageSse([{ type: "start-step" }])).toBe('data: {"type":"start-step"}\n\n');
    // An event that shows nothing sends nothing, not even its id.
    expect(uiMessageSse([], 8)).toBe("");
    expect(UI_MESSAGE_STREAM_DONE).toBe("data: [DONE]\n\n");
  });

  it("answers with the AI SDK's own headers but the hop-by-hop one", () => {
    const { connection, ...theirs } = AI_SDK_HEADERS;
    expect(connection).toBe("keep-alive");
    expect(UI_MESSAGE_STREAM_HEADERS).toEqual(theirs);
  });
});
