import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentEvent } from "@langchain-mini/core";
import {
  everythingStdio,
  filesystemStdio,
  type HttpServerProcess,
  messagesIn,
  processesMatching,
  recordingEverythingStdio,
  startEverythingHttp,
  waitFor,
} from "@langchain-mini/tool-mcp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, tempDir, writeScript } from "../test-support/cli.js";

// The real MCP reference servers (pinned dev dependencies), driven through the built CLI
// with a scripted LLM, in both agent modes.

const act = (tool: string, input: string) =>
  ` I will use it.\nAction: ${tool}\nAction Input: ${input}`;
const answer = (text: string) => ` I now know the final answer\nFinal Answer: ${text}`;

function writeConfig(directory: string, servers: Record<string, unknown>) {
  const path = join(directory, "mcp.json");
  writeFileSync(path, JSON.stringify({ mcpServers: servers }));
  return path;
}

function traceOf(path: string): AgentEvent[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AgentEvent);
}

describe("ask --mcp: the everything server over stdio", () => {
  it("runs its tools with arguments, recovers from a wrong type, reports an error result (ReAct)", async () => {
    const directory = tempDir();
    const config = writeConfig(directory, { everything: everythingStdio() });
    const script = writeScript(directory, [
      act("everything__get-sum", '{"a": 2, "b": "three"}'),
      act("everything__get-sum", "{'a': 2, 'b': 3,}"),
      act("everything__get-resource-reference", '{"resourceId": 1.5}'),
      answer("5"),
    ]);
    const trace = join(directory, "trace.jsonl");
    const result = await runCli(
      [
        "ask",
        "--llm",
        `script:${script}`,
        "--mcp",
        config,
        "--tools",
        "calculator",
        "--trace",
        trace,
        "2 + 3?",
      ],
      { cwd: directory },
    );
    expect(result.stdout).toBe("5\n");
    expect(result.status).toBe(0);
    expect(result.stderr).toContain(
      [
        'Action: everything__get-sum (MCP server "everything")',
        'Action Input: {"a": 2, "b": "three"}',
        'Observation: Tool everything__get-sum did not run: the input is invalid: b: expected a number, got "three". Give the input as one JSON object, like {"a": 1, "b": 1}.',
      ].join("\n"),
    );
    expect(result.stderr).toContain("Observation: The sum of 2 and 3 is 5.");
    expect(result.stderr).toContain(
      "Observation: Tool everything__get-resource-reference failed: Invalid resourceId: 1.5. Must be a finite positive integer.",
    );
    // The server's own stderr goes to the trace file, never to the terminal.
    expect(result.stderr).not.toContain("Starting default (STDIO) server");
    const events = traceOf(trace);
    expect(events).toContainEqual({
      type: "log",
      source: 'MCP server "everything"',
      message: "Starting default (STDIO) server...",
      timeMs: expect.any(Number),
    });
    expect(events.find((event) => event.type === "tool-start")).toMatchObject({
      tool: "everything__get-sum",
      origin: 'MCP server "everything"',
    });
  });

  it("offers the tools as functions with their schemas (--agent tools)", async () => {
    const directory = tempDir();
    const config = writeConfig(directory, { everything: everythingStdio() });
    const script = writeScript(directory, [
      { toolCalls: [{ name: "everything__echo", arguments: {} }] },
      { toolCalls: [{ name: "everything__echo", arguments: { message: "hello" } }] },
      { text: "It said hello." },
    ]);
    const result = await runCli(
      [
        "ask",
        "--agent",
        "tools",
        "--llm",
        `script:${script}`,
        "--mcp",
        config,
        "--json",
        "echo hello",
      ],
      { cwd: directory },
    );
    expect(result.status).toBe(0);
    const events = result.stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as AgentEvent);
    const observations = events.flatMap((event) =>
      event.type === "observation" ? [event.text] : [],
    );
    expect(observations).toEqual([
      'Tool everything__echo did not run: the input is invalid: message: is required. Give the input as one JSON object, like {"message": "..."}.',
      "Echo: hello",
    ]);
    expect(events.at(-1)).toMatchObject({ type: "run-end", result: { answer: "It said hello." } });
  });

  it("names a server that does not start in one warning, and answers with the others", async () => {
    const directory = tempDir();
    const config = writeConfig(directory, {
      everything: everythingStdio(),
      missing: { command: "no-such-mcp-server" },
    });
    const script = writeScript(directory, [act("everything__echo", "still here"), answer("ok")]);
    const result = await runCli(["ask", "--llm", `script:${script}`, "--mcp", config, "q"], {
      cwd: directory,
    });
    expect(result.status).toBe(0);
    expect(result.stderr).toContain(
      'Warning: MCP server "missing" did not start: cannot run "no-such-mcp-server": no such command or file (check "command", or give its full path). Its tools are left out',
    );
    expect(result.stderr).toContain("Observation: Echo: still here");
  });

  it("says in one line what is wrong with a configuration file (exit 2)", async () => {
    const directory = tempDir();
    writeFileSync(join(directory, "bad.json"), '{"mcpServers": {"a": {"url": "ftp://x"}}}');
    const script = writeScript(directory, [answer("never")]);
    const bad = await runCli(["ask", "--llm", `script:${script}`, "--mcp", "bad.json", "q"], {
      cwd: directory,
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(
      /^langchain-mini: MCP server "a" in .*bad\.json: "url" must start with http:\/\/ or https:\/\/\n$/,
    );
    const missing = await runCli(["ask", "--llm", `script:${script}`, "--mcp", "nope.json", "q"], {
      cwd: directory,
    });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("Cannot read the MCP configuration");
  });
});

describe("ask: cancelling a slow MCP call", () => {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    it(`sends the server a cancellation on ${signal}, ends at once, and leaves no server running`, async () => {
      const directory = tempDir();
      const log = join(directory, "received.jsonl");
      const config = writeConfig(directory, { slow: recordingEverythingStdio(log) });
      const script = writeScript(directory, [
        act("slow__trigger-long-running-operation", '{"duration": 600, "steps": 600}'),
        answer("never"),
      ]);
      const isCall = (message: Record<string, unknown>) => message.method === "tools/call";
      let server: number | undefined;
      const result = await runCli(["ask", "--llm", `script:${script}`, "--mcp", config, "slow"], {
        cwd: directory,
        onSpawn(child) {
          void waitFor(() => messagesIn(log).some(isCall), "the call to reach the server").then(
            () => {
              server = processesMatching(log)[0];
              child.kill(signal);
            },
          );
        },
      });
      expect(result.status).toBe(signal === "SIGINT" ? 130 : 143);
      expect(result.stderr).toContain("cancelled");
      expect(result.stderr.trimEnd().split("\n").at(-1)).toBe(
        `langchain-mini: stopped by ${signal}`,
      );
      const call = messagesIn(log).find(isCall);
      expect(messagesIn(log)).toContainEqual(
        expect.objectContaining({
          method: "notifications/cancelled",
          params: expect.objectContaining({ requestId: call?.id }),
        }),
      );
      expect(server).toBeDefined();
      await waitFor(() => processesMatching(log).length === 0, "the server process to be gone");
    });
  }
});

describe("ask: the everything server over Streamable HTTP, from LANGCHAIN_MINI_MCP", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startEverythingHttp("streamableHttp");
  });
  afterAll(() => server?.stop());

  it("runs its tools in both agent modes", async () => {
    const directory = tempDir();
    const config = writeConfig(directory, {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the configuration's own syntax
      remote: { url: `${server.origin}/mcp`, headers: { Authorization: "Bearer ${REMOTE_TOKEN}" } },
    });
    const env = { LANGCHAIN_MINI_MCP: config, REMOTE_TOKEN: "token-from-env" };
    const react = writeScript(
      directory,
      [act("remote__get-sum", '{"a": 40, "b": 2}'), answer("42")],
      "react.json",
    );
    const reacted = await runCli(["ask", "--llm", `script:${react}`, "40 + 2?"], {
      cwd: directory,
      env,
    });
    expect(reacted.stdout).toBe("42\n");
    expect(reacted.stderr).toContain("Observation: The sum of 40 and 2 is 42.");

    const calls = writeScript(
      directory,
      [{ toolCalls: [{ name: "remote__get-sum", arguments: { a: 1, b: 1 } }] }, { text: "2" }],
      "calls.json",
    );
    const called = await runCli(["ask", "--agent", "tools", "--llm", `script:${calls}`, "1 + 1?"], {
      cwd: directory,
      env,
    });
    expect(called.stdout).toBe("2\n");
    expect(called.stderr).toContain("Observation: The sum of 1 and 1 is 2.");
  });
});

// Four runs of the CLI, each starting the server: sized for a busy machine.
describe("ask --mcp: the filesystem server on a temporary directory", { timeout: 120_000 }, () => {
  it("reads and writes files in both agent modes, and is refused outside the directory", async () => {
    const directory = tempDir();
    mkdirSync(join(directory, "files"));
    // The server resolves symbolic links (/tmp may be one): paths are given resolved.
    const root = realpathSync(join(directory, "files"));
    writeFileSync(join(root, "todo.txt"), "buy milk\n");
    const config = writeConfig(directory, { files: filesystemStdio(root) });
    const react = writeScript(
      directory,
      [
        act("files__read_text_file", JSON.stringify({ path: join(root, "todo.txt") })),
        act("files__read_text_file", '{"path": "/etc/passwd"}'),
        answer("buy milk"),
      ],
      "react.json",
    );
    const reacted = await runCli(["ask", "--llm", `script:${react}`, "--mcp", config, "todo?"], {
      cwd: directory,
    });
    expect(reacted.stdout).toBe("buy milk\n");
    expect(reacted.stderr).toContain("Observation: buy milk\n");
    expect(reacted.stderr).toMatch(/Observation: Tool files__read_text_file failed: Access denied/);

    const calls = writeScript(
      directory,
      [
        {
          toolCalls: [
            {
              name: "files__write_file",
              arguments: { path: join(root, "done.txt"), content: "milk" },
            },
          ],
        },
        { text: "Written." },
      ],
      "calls.json",
    );
    // write_file is not read-only: without a terminal to ask on, the call is declined.
    const declined = await runCli(
      ["ask", "--agent", "tools", "--llm", `script:${calls}`, "--mcp", config, "note it"],
      { cwd: directory },
    );
    expect(declined.status).toBe(0);
    expect(existsSync(join(root, "done.txt"))).toBe(false);
    expect(declined.stderr).toContain(
      "langchain-mini: files__write_file needs approval and there is no terminal to ask on, so the call was declined (--approval never runs such calls without asking)",
    );
    const called = await runCli(
      [
        "ask",
        ...["--agent", "tools", "--approval", "never"],
        ...["--llm", `script:${calls}`, "--mcp", config, "note it"],
      ],
      { cwd: directory },
    );
    expect(called.status).toBe(0);
    expect(readFileSync(join(root, "done.txt"), "utf8")).toBe("milk");
  });
});
