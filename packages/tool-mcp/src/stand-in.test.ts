import { describe, expect, it } from "vitest";
import { SentRequests, standIn, textIn } from "./stand-in.js";

function sent(...requests: Array<[number | string, string]>) {
  const log = new SentRequests();
  for (const [id, method] of requests) log.record({ jsonrpc: "2.0", id, method });
  return log;
}

describe("what stands in for a message over the limit", () => {
  it("answers the request its id names, first or last in the message", () => {
    const requests = sent([1, "tools/call"], ["b", "resources/read"]);
    expect(
      standIn(
        {
          head: '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"ab',
          tail: "",
        },
        requests,
      ),
    ).toMatchObject({ id: 1, result: { isError: true } });
    expect(
      standIn(
        { head: '{"result":{"contents":[', tail: '"}]},"jsonrpc":"2.0","id":"b"}\n' },
        requests,
      ),
    ).toEqual({
      jsonrpc: "2.0",
      id: "b",
      error: {
        code: -32603,
        message: "the reply to resources/read was over 8 MB, the most one MCP message may take",
      },
    });
    // Each request is answered once.
    expect(standIn({ head: '{"id":1,"result":{', tail: "" }, requests)).toBeUndefined();
  });

  it("is nothing for a request or notification from the server, or an id never sent", () => {
    const requests = sent([1, "tools/call"]);
    expect(
      standIn(
        { head: '{"jsonrpc":"2.0","id":1,"method":"sampling/createMessage","params":{', tail: "" },
        requests,
      ),
    ).toBeUndefined();
    expect(
      standIn({ head: '{"jsonrpc":"2.0","id":9,"result":{', tail: "" }, requests),
    ).toBeUndefined();
    expect(standIn({ head: '{"result":{', tail: "…" }, requests)).toBeUndefined();
    expect(standIn({ head: '{"result":{', tail: "…" }, requests, 1)).toMatchObject({ id: 1 });
  });

  it("keeps the text of the result as far as it goes, escapes cut in the middle included", () => {
    expect(
      textIn(
        '{"content":[{"type":"text","text":"line\\none \\"q\\""},{"type":"text","text":"caf\\u00e9 \\u00',
      ),
    ).toBe('line\none "q"\ncafé ');
    expect(textIn('{"content":[{"type":"text","text":"a\\\\b\\')).toBe("a\\b");
  });
});
