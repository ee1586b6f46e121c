import { describe, expect, it } from "vitest";
import { type EventLimitOptions, limitEvents } from "./sse-limit.js";
import { MAX_MESSAGE, SentRequests, standIn } from "./stand-in.js";

async function through(chunks: readonly string[], options: Partial<EventLimitOptions> = {}) {
  const requests = new SentRequests();
  requests.record({ jsonrpc: "2.0", id: 7, method: "tools/call" });
  let dropped = 0;
  const stream = new ReadableStream<string>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  }).pipeThrough(
    limitEvents({
      standIn: (data) => standIn(data, requests),
      endAfterStandIn: false,
      onDropped: () => dropped++,
      ...options,
    }),
  );
  let text = "";
  for await (const chunk of stream) text += chunk;
  return { text, dropped };
}

describe("an event stream held to the limit", () => {
  it("passes events whole, however the chunks cut them, with line ends as \\n", async () => {
    const { text } = await through([
      "id: 1\r",
      '\ndata: {"a"',
      ":1}\r\n\r",
      "\ndata: b\n\ndata: c\r\rdata: d\n",
    ]);
    expect(text).toBe('id: 1\ndata: {"a":1}\n\ndata: b\n\ndata: c\n\n');
  });

  it("puts a stand-in in place of an event over the limit, found by the id at its end", async () => {
    const big = "x".repeat(MAX_MESSAGE);
    const { text } = await through([
      'data: {"result":{"content":[{"type":"text","text":"start',
      big,
      '"}]},"jsonrpc":"2.0","id":7}\n\ndata: {"jsonrpc":"2.0","method":"after"}\n\n',
    ]);
    const [first, second] = text.split("\n\n");
    const message = JSON.parse(first?.slice("data: ".length) ?? "");
    expect(message).toMatchObject({ id: 7, result: { isError: true } });
    expect(message.result.content[0].text).toMatch(/^The reply was over 8 MB.*\nstartxxx/);
    expect(second).toBe('data: {"jsonrpc":"2.0","method":"after"}');
  });

  it("drops a notification over the limit, and stops reading a reply that never ends", async () => {
    const notification = await through([
      'data: {"jsonrpc":"2.0","method":"notifications/message","params":{"data":"',
      "y".repeat(MAX_MESSAGE),
      '"}}\n\n',
    ]);
    expect(notification).toEqual({ text: "", dropped: 1 });
    const endless = new ReadableStream<string>({
      pull(controller) {
        controller.enqueue("z".repeat(65_536));
      },
    });
    const requests = new SentRequests();
    requests.record({ jsonrpc: "2.0", id: 3, method: "tools/list" });
    const limited = endless.pipeThrough(
      limitEvents({
        standIn: (data) => standIn(data, requests, 3),
        endAfterStandIn: true,
        onDropped: () => undefined,
      }),
    );
    const written: string[] = [];
    for await (const chunk of limited) written.push(chunk);
    expect(written.map((chunk) => JSON.parse(chunk.slice(6)))).toEqual([
      {
        jsonrpc: "2.0",
        id: 3,
        error: {
          code: -32603,
          message: "the reply to tools/list was over 8 MB, the most one MCP message may take",
        },
      },
    ]);
  });
});
