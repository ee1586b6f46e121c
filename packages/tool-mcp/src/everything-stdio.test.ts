import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, type AgentEvent, type PluginNotice, ToolCallingAgent } from "@langchain-mini/core";
import { ScriptedLlm } from "@langchain-mini/core/testing";
import { afterAll, describe, expect, it } from "vitest";
import { createTools as createToolSet } from "./plugin.js";
import { closeTools as close, openTools as createTools } from "./test-support/open-tools.js";
import {
  everythingStdio,
  isRunning,
  messagesIn,
  processesMatching,
  recordingEverythingStdio,
  waitFor,
} from "./testing/index.js";

const env = {
  LANGCHAIN_MINI_MCP: JSON.stringify({ mcpServers: { everything: everythingStdio() } }),
};
const act = (tool: string, input: string) =>
  ` I will use it.\nAction: ${tool}\nAction Input: ${input}`;
const answer = (text: string) => ` I now know the final answer\nFinal Answer: ${text}`;

afterAll(close);

describe("the everything server over stdio", () => {
  it("offers every tool as <server>__<tool> with its description, schema and origin", async () => {
    const notices: PluginNotice[] = [];
    const tools = await createTools({ env, onNotice: (notice) => notices.push(notice) });
    const sum = tools.find((tool) => tool.name === "everything__get-sum");
    expect(sum).toMatchObject({
      description: "Returns the sum of two numbers",
      origin: 'MCP server "everything"',
      inputSchema: { type: "object", required: ["a", "b"] },
    });
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(["everything__echo", "everything__trigger-long-running-operation"]),
    );
    expect(tools.every((tool) => /^[a-zA-Z0-9_-]{1,64}$/.test(tool.name))).toBe(true);
    // The server's stderr is a log notice (for the trace), not a warning.
    expect(notices).toContainEqual({
      level: "log",
      source: 'MCP server "everything"',
      message: "Starting default (STDIO) server...",
    });
    expect(notices.filter((notice) => notice.level === "warning")).toEqual([]);
  }, 60_000);

  it("runs tools with arguments, reports an error result, and recovers from a validation error (ReAct)", async () => {
    const tools = await createTools({ env });
    const llm = new ScriptedLlm([
      act("everything__get-sum", '{"a": 2, "b": "3"}'),
      act("everything__get-sum", "{'a': 2, 'b': 3}"),
      act("everything__get-resource-reference", '{"resourceType": "Text", "resourceId": 1.5}'),
      act("everything__echo", "hello there"),
      answer("5"),
    ]);
    const result = await new Agent({ llm, tools }).invoke("What is 2 + 3?");
    expect(result).toMatchObject({ status: "answered", answer: "5" });
    expect(result.steps.map((step) => step.observation)).toEqual([
      'Tool everything__get-sum did not run: the input is invalid: b: expected a number, got "3". Give the input as one JSON object, like {"a": 1, "b": 1}.',
      "The sum of 2 and 3 is 5.",
      "Tool everything__get-resource-reference failed: Invalid resourceId: 1.5. Must be a finite positive integer.",
      "Echo: hello there",
    ]);
    expect(llm.calls[0]?.prompt).toContain(
      'everything__get-sum: Returns the sum of two numbers\n  Action Input: a JSON object {"a": number, "b": number}\n    a: First number\n    b: Second number',
    );
  }, 60_000);

  it("summarises structured content, images and resource links (function calling)", async () => {
    const tools = await createTools({ env });
    const llm = new ScriptedLlm([
      {
        toolCalls: [
          { name: "everything__get-structured-content", arguments: { location: "Chicago" } },
          { name: "everything__get-tiny-image", arguments: {} },
          { name: "everything__get-resource-links", arguments: { count: 1 } },
        ],
      },
      "Done.",
    ]);
    const run = new ToolCallingAgent({ llm, tools }).run("Show me everything");
    const ends: AgentEvent[] = [];
    for await (const event of run) if (event.type === "tool-end") ends.push(event);
    const result = await run.result;
    expect(result.status).toBe("answered");
    const [weather, image, links] = result.steps.map((step) => step.observation);
    expect(JSON.parse(weather ?? "")).toMatchObject({ conditions: expect.any(String) });
    expect(image).toMatch(/^Here's the image you requested:\n\[image: image\/png, [\d.]+ kB\]/);
    expect(links).toMatch(
      /\[link to .+ <demo:\/\/resource\/dynamic\/\w+\/1> \(text\/plain\): Resource 1/,
    );
    expect(ends[0]).toMatchObject({ origin: 'MCP server "everything"' });
  }, 60_000);

  it("starts each caller's servers apart: one set's close leaves the other's running", async () => {
    const before = new Set(processesMatching("server-everything", process.pid));
    const ours = () =>
      processesMatching("server-everything", process.pid).filter((pid) => !before.has(pid));
    const [first, second] = await Promise.all([createToolSet({ env }), createToolSet({ env })]);
    const echo = (set: typeof first) => set.tools.find((tool) => tool.name === "everything__echo");
    const signal = AbortSignal.timeout(30_000);
    expect(ours()).toHaveLength(2);
    await first.close?.();
    await waitFor(() => ours().length === 1, "the first set's server to stop");
    expect(await echo(second)?.execute({ message: "b" }, { signal })).toBe("Echo: b");
    await second.close?.();
  }, 60_000);

  it("cancels a slow call on the server, ends the run at once, and the child is gone after close", async () => {
    const log = join(mkdtempSync(join(tmpdir(), "mcp-wire-")), "received.jsonl");
    const config = { mcpServers: { slow: recordingEverythingStdio(log) } };
    const tools = await createTools({ env: { LANGCHAIN_MINI_MCP: JSON.stringify(config) } });
    const [pid] = processesMatching("recording-everything", process.pid);
    const llm = new ScriptedLlm([
      act("slow__trigger-long-running-operation", '{"duration": 600, "steps": 600}'),
      answer("never"),
    ]);
    const controller = new AbortController();
    const run = new Agent({ llm, tools, toolTimeoutMs: 900_000 }).run("slow", {
      signal: controller.signal,
    });
    const isCall = (message: Record<string, unknown>) => message.method === "tools/call";
    await waitFor(() => messagesIn(log).some(isCall), "the call to reach the server");
    controller.abort();
    expect((await run.result).status).toBe("aborted");
    const call = messagesIn(log).find(isCall);
    await waitFor(
      () =>
        messagesIn(log).some(
          (message) =>
            message.method === "notifications/cancelled" &&
            (message.params as { requestId?: unknown }).requestId === call?.id,
        ),
      "the cancellation to reach the server",
    );
    await close();
    expect(pid).toBeDefined();
    await waitFor(() => !isRunning(pid as number), "the server process to exit");
  }, 60_000);
});
