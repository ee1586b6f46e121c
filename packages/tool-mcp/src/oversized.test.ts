import { afterEach, describe, expect, it } from "vitest";
import { closeTools as close, openTools as createTools } from "./test-support/open-tools.js";
import { fakeStdioServer, startHostileHttp } from "./testing/index.js";

afterEach(close);

const signal = () => AbortSignal.timeout(50_000);
const NOTE =
  "The reply was over 8 MB, the most one MCP message may take: it was cut, and only its start follows.";

async function failure(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return (error as Error).message;
  }
  return "no error";
}

describe("a reply over the limit for one message", () => {
  it("is cut with a note over stdio, and the server answers the next call", async () => {
    const env = { LANGCHAIN_MINI_MCP: JSON.stringify({ mcpServers: { big: fakeStdioServer() } }) };
    const tools = await createTools({ env });
    const huge = tools.find((tool) => tool.name === "big__huge");
    const echo = tools.find((tool) => tool.name === "big__echo");
    const message = await failure(
      () => huge?.execute({ bytes: 16_000_000 }, { signal: signal() }) as Promise<unknown>,
    );
    expect(message.startsWith(`${NOTE}\nBEGINxxx`)).toBe(true);
    // What the model reads is cut again, to an observation's length.
    expect(message).toMatch(/\[… \d+ more characters cut\]$/);
    expect(await echo?.execute({ text: "still here" }, { signal: signal() })).toBe("still here");
    expect(await huge?.execute({ bytes: 1_000 }, { signal: signal() })).toMatch(/^BEGINx+END$/);
  }, 60_000);

  it("is cut when an event stream's line never ends, and the server answers the next call", async () => {
    const server = await startHostileHttp();
    try {
      const env = {
        LANGCHAIN_MINI_MCP: JSON.stringify({ mcpServers: { flood: { url: server.url } } }),
      };
      const tools = await createTools({ env });
      const flood = tools.find((tool) => tool.name === "flood__flood");
      const message = await failure(
        () => flood?.execute({}, { signal: signal() }) as Promise<unknown>,
      );
      expect(message.startsWith(`${NOTE}\nFLOODAAA`)).toBe(true);
      const echo = tools.find((tool) => tool.name === "flood__echo");
      expect(await echo?.execute({ text: "after" }, { signal: signal() })).toBe("after");
    } finally {
      await close();
      await server.close();
    }
  }, 60_000);
});
