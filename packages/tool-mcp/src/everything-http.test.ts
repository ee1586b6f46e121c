import { Agent, ToolCallingAgent } from "@langchain-mini/core";
import { ScriptedLlm } from "@langchain-mini/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTools as close, openTools as createTools } from "./test-support/open-tools.js";
import {
  type HttpServerProcess,
  startEverythingHttp,
  startRecordingProxy,
  waitFor,
} from "./testing/index.js";

const act = (tool: string, input: string) =>
  ` I will use it.\nAction: ${tool}\nAction Input: ${input}`;
const answer = (text: string) => ` I now know the final answer\nFinal Answer: ${text}`;

describe("the everything server over Streamable HTTP", () => {
  let server: HttpServerProcess;
  let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
  let env: Record<string, string>;

  beforeAll(async () => {
    server = await startEverythingHttp("streamableHttp");
    proxy = await startRecordingProxy(server.origin);
    const config = {
      mcpServers: {
        remote: {
          url: `${proxy.origin}/mcp`,
          // The configuration's own syntax, expanded by the plug-in.
          // biome-ignore lint/suspicious/noTemplateCurlyInString: not a template
          headers: { Authorization: "Bearer ${REMOTE_TOKEN}", "X-Client": "tests" },
        },
      },
    };
    env = { LANGCHAIN_MINI_MCP: JSON.stringify(config), REMOTE_TOKEN: "s3cret-token" };
  }, 60_000);

  afterAll(async () => {
    await close();
    await proxy?.close();
    await server?.stop();
  });

  it("sends the configured headers, the token expanded from the environment", async () => {
    const tools = await createTools({ env });
    expect(tools.map((tool) => tool.name)).toContain("remote__get-sum");
    expect(proxy.requests[0]?.headers).toMatchObject({
      authorization: "Bearer s3cret-token",
      "x-client": "tests",
    });
  }, 60_000);

  it("runs tools with arguments and reports an error result in both agent modes", async () => {
    const tools = await createTools({ env });
    const react = new ScriptedLlm([
      act("remote__get-sum", '{"a": 40, "b": 2}'),
      act("remote__get-resource-reference", '{"resourceId": 0}'),
      answer("42"),
    ]);
    const reactResult = await new Agent({ llm: react, tools }).invoke("40 + 2?");
    expect(reactResult.steps.map((step) => step.observation)).toEqual([
      "The sum of 40 and 2 is 42.",
      "Tool remote__get-resource-reference failed: Invalid resourceId: 0. Must be a finite positive integer.",
    ]);

    const calling = new ScriptedLlm([
      { toolCalls: [{ name: "remote__echo", arguments: { message: 7 } }] },
      { toolCalls: [{ name: "remote__echo", arguments: { message: "seven" } }] },
      "Done.",
    ]);
    const callingResult = await new ToolCallingAgent({ llm: calling, tools }).invoke("echo");
    expect(callingResult.steps.map((step) => step.observation)).toEqual([
      'Tool remote__echo did not run: the input is invalid: message: expected a string, got 7. Give the input as one JSON object, like {"message": "..."}.',
      "Echo: seven",
    ]);
    expect(callingResult.status).toBe("answered");
  }, 60_000);

  it("sends notifications/cancelled for the call in flight when the run is cancelled", async () => {
    const tools = await createTools({ env });
    const llm = new ScriptedLlm([
      {
        toolCalls: [
          {
            name: "remote__trigger-long-running-operation",
            arguments: { duration: 600, steps: 600 },
          },
        ],
      },
      "never",
    ]);
    const controller = new AbortController();
    const run = new ToolCallingAgent({ llm, tools, toolTimeoutMs: 900_000 }).run("slow", {
      signal: controller.signal,
    });
    const isCall = (message: Record<string, unknown>) => {
      const params = message.params as { name?: string } | undefined;
      return message.method === "tools/call" && params?.name === "trigger-long-running-operation";
    };
    await waitFor(() => proxy.messages().some(isCall), "the call to reach the server");
    controller.abort();
    expect((await run.result).status).toBe("aborted");
    const call = proxy.messages().find(isCall);
    await waitFor(
      () =>
        proxy
          .messages()
          .some(
            (message) =>
              message.method === "notifications/cancelled" &&
              (message.params as { requestId?: unknown }).requestId === call?.id,
          ),
      "the cancellation to reach the server",
    );
  }, 60_000);
});

describe("a server that speaks only the older SSE transport", () => {
  it("is reached through the fallback from Streamable HTTP", async () => {
    const server = await startEverythingHttp("sse");
    try {
      const config = { mcpServers: { legacy: { url: `${server.origin}/sse` } } };
      const tools = await createTools({ env: { LANGCHAIN_MINI_MCP: JSON.stringify(config) } });
      const llm = new ScriptedLlm([
        act("legacy__echo", '{"message": "old but gold"}'),
        answer("ok"),
      ]);
      const result = await new Agent({ llm, tools }).invoke("echo");
      expect(result.steps[0]?.observation).toBe("Echo: old but gold");
    } finally {
      await close();
      await server.stop();
    }
  }, 60_000);
});
