import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type PluginNotice, ToolCallingAgent } from "@langchain-mini/core";
import { ScriptedLlm } from "@langchain-mini/core/testing";
import { afterEach, describe, expect, it } from "vitest";
import { closeTools as close, openTools as createTools } from "./test-support/open-tools.js";
import {
  everythingPath,
  everythingStdio,
  fakeStdioServer,
  freePort,
  groupOf,
  isRunning,
  processesInGroup,
  processesMatching,
  waitFor,
} from "./testing/index.js";

afterEach(close);

function nodeServer(script: string) {
  return { command: process.execPath, args: ["-e", script] };
}

async function toolsOf(servers: Record<string, unknown>, extra: Record<string, string> = {}) {
  const notices: PluginNotice[] = [];
  const env = { LANGCHAIN_MINI_MCP: JSON.stringify({ mcpServers: servers }), ...extra };
  const tools = await createTools({ env, onNotice: (notice) => notices.push(notice) });
  const warnings = notices.filter((notice) => notice.level === "warning");
  return { tools, warnings, notices };
}

describe("servers that fail", () => {
  it("leaves out a server that cannot start, with one warning naming it; the others stay", async () => {
    const port = await freePort();
    const { tools, warnings } = await toolsOf({
      everything: everythingStdio(),
      missing: { command: "no-such-mcp-server-command" },
      crashing: nodeServer("console.error('Error: DATABASE_URL is not set'); process.exit(1)"),
      nobody: { url: `http://127.0.0.1:${port}/mcp` },
    });
    expect(tools.some((tool) => tool.name === "everything__echo")).toBe(true);
    expect(tools.every((tool) => tool.name.startsWith("everything__"))).toBe(true);
    expect(warnings.map((warning) => warning.message)).toEqual([
      'MCP server "missing" did not start: cannot run "no-such-mcp-server-command": no such command or file (check "command", or give its full path). Its tools are left out',
      expect.stringMatching(
        /^MCP server "crashing" did not start: .*; it said: Error: DATABASE_URL is not set\. Its tools are left out$/,
      ),
      expect.stringMatching(/^MCP server "nobody" did not start: .*\. Its tools are left out$/),
    ]);
    expect(warnings.map((warning) => warning.source)).toEqual([
      'MCP server "missing"',
      'MCP server "crashing"',
      'MCP server "nobody"',
    ]);
  }, 60_000);

  it("gives up on a server that never answers, and stops it", async () => {
    const { tools, warnings } = await toolsOf(
      { silent: nodeServer("setInterval(() => {}, 1000); // a silent server") },
      { LANGCHAIN_MINI_MCP_TIMEOUT: "1" },
    );
    expect(tools).toEqual([]);
    expect(warnings[0]?.message).toMatch(
      /^MCP server "silent" did not start: it did not answer within 1 s\. Its tools are left out$/,
    );
    await waitFor(
      () => processesMatching("a silent server", process.pid).length === 0,
      "the silent server to be stopped",
    );
  }, 60_000);

  it("kills a server that ignores SIGTERM when it is closed", async () => {
    const server = everythingPath();
    const script = [
      'process.on("SIGTERM", () => console.error("ignoring SIGTERM"));',
      // Alive after its stdin closes, too: only SIGKILL ends it.
      "setInterval(() => {}, 1000);",
      `process.argv = [process.argv[0], ${JSON.stringify(server)}, "stdio"];`,
      `await import(${JSON.stringify(pathToFileURL(server).href)});`,
    ].join("\n");
    const { tools, notices } = await toolsOf({
      stubborn: { command: process.execPath, args: ["--input-type=module", "-e", script] },
    });
    expect(tools.some((tool) => tool.name === "stubborn__echo")).toBe(true);
    const [pid] = processesMatching("ignoring SIGTERM", process.pid);
    expect(pid).toBeDefined();
    await close();
    await waitFor(() => !isRunning(pid as number), "the server to be killed");
    expect(notices.map((notice) => notice.message)).toContain("ignoring SIGTERM");
  }, 60_000);

  it("turns a server that dies after starting into a failed call, not a failed run", async () => {
    const { tools } = await toolsOf({ everything: everythingStdio() });
    const [pid] = processesMatching("server-everything", process.pid);
    process.kill(pid as number, "SIGKILL");
    await waitFor(() => !isRunning(pid as number), "the server to die");
    const llm = new ScriptedLlm([
      { toolCalls: [{ name: "everything__echo", arguments: { message: "hi" } }] },
      "It is gone.",
    ]);
    const result = await new ToolCallingAgent({ llm, tools }).invoke("echo");
    expect(result).toMatchObject({ status: "answered", answer: "It is gone." });
    expect(result.steps[0]?.observation).toMatch(
      /^Tool everything__echo failed: MCP server "everything" has stopped: restart langchain-mini to start it again/,
    );
  }, 60_000);
});

describe("configuration mistakes", () => {
  it("are one config_invalid line each", async () => {
    const attempt = (value: string, extra: Record<string, string> = {}) =>
      createTools({ env: { LANGCHAIN_MINI_MCP: value, ...extra } }).then(
        () => "no error",
        (error: Error & { code?: string }) => `${error.code}: ${error.message}`,
      );
    expect(await attempt("./no-such-mcp.json", {})).toMatch(
      /^config_invalid: Cannot read the MCP configuration .*no-such-mcp\.json: no such file: give a JSON file \{"mcpServers"/,
    );
    expect(await attempt('{"mcpServers": {"a": {"command": "x", "url": "http://h"}}}')).toBe(
      'config_invalid: MCP server "a" in LANGCHAIN_MINI_MCP needs either "command" (a local server) or "url" (a remote one)',
    );
    expect(
      await attempt(
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the configuration's syntax
        '{"mcpServers": {"a": {"url": "http://h/mcp", "headers": {"Authorization": "Bearer ${TOKEN}"}}}}',
      ),
    ).toBe(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the configuration's syntax
      'config_invalid: MCP server "a" in LANGCHAIN_MINI_MCP: the header Authorization uses ${TOKEN}, which is not set: set it in the environment or .env, or write ${TOKEN:-default}',
    );
    expect(await attempt("{}", { LANGCHAIN_MINI_MCP_TIMEOUT: "soon" })).toMatch(
      /^config_invalid: The MCP configuration LANGCHAIN_MINI_MCP must be/,
    );
    // Past what a timer takes, Node would fire every server's timer at once.
    const servers = JSON.stringify({ mcpServers: { a: fakeStdioServer() } });
    for (const timeout of ["2147484", "1e10", "0", "-1", "soon"]) {
      expect(await attempt(servers, { LANGCHAIN_MINI_MCP_TIMEOUT: timeout })).toBe(
        `config_invalid: LANGCHAIN_MINI_MCP_TIMEOUT must be a number of seconds from 0.001 to 2147483, not "${timeout}"`,
      );
    }
  });
});

describe("what a server that fails says", () => {
  it("ends the warning with the last lines of its stderr, one line, its secrets blanked", async () => {
    const { tools, warnings } = await toolsOf({
      crashing: {
        ...fakeStdioServer({
          stderr: [
            "\u001b[31mStarting\u001b[0m with token tok-0123456789",
            "line\rtwo",
            // Where the line is cut for the warning, half the token would be left.
            `${"x".repeat(195)}tok-0123456789`,
          ],
          exitAtStart: 3,
        }),
        env: { SERVICE_TOKEN: "tok-0123456789" },
      },
    });
    expect(tools).toEqual([]);
    expect(warnings.map((warning) => warning.message)).toEqual([
      `MCP server "crashing" did not start: it exited with status 3 before it answered; it said: Starting with token [REDACTED] | line two | ${"x".repeat(195)}[REDA…. Its tools are left out`,
    ]);
  }, 60_000);

  it("says what a server slow to start wrote while it was waited for", async () => {
    // A shell says it at once, long before the time given runs out, even on a busy machine.
    const slow = {
      command: "sh",
      args: ["-c", "echo 'Downloading packages…' >&2; exec sleep 600"],
    };
    const { warnings } = await toolsOf({ slow }, { LANGCHAIN_MINI_MCP_TIMEOUT: "5" });
    expect(warnings.map((warning) => warning.message)).toEqual([
      'MCP server "slow" did not start: it did not answer within 5 s; it said: Downloading packages…. Its tools are left out',
    ]);
  }, 60_000);

  it("names the first problem of a list of tools that is not valid MCP, in one line", async () => {
    const toolsList = {
      tools: [{ name: "a", inputSchema: { type: "string" } }, { description: 5 }],
    };
    const { warnings } = await toolsOf({ odd: fakeStdioServer({ toolsList }) });
    expect(warnings.map((warning) => warning.message)).toEqual([
      'MCP server "odd" did not start: its list of tools is not valid MCP: tools[0].inputSchema.type: Invalid input: expected "object" (the first of 4 problems). Its tools are left out',
    ]);
  }, 60_000);
});

describe("a server that writes other things than MCP on stdout", () => {
  it("works, its first 100 such lines going to the trace", async () => {
    const stdout = Array.from({ length: 150 }, (_, index) => `log line ${index}`);
    const { tools, notices, warnings } = await toolsOf({ chatty: fakeStdioServer({ stdout }) });
    expect(warnings).toEqual([]);
    const echo = tools.find((tool) => tool.name === "chatty__echo");
    expect(await echo?.execute({ text: "hi" }, { signal: AbortSignal.timeout(50_000) })).toBe("hi");
    const other = notices.filter((notice) => notice.message.startsWith("("));
    expect(other).toHaveLength(101);
    expect(other[0]?.message).toBe("(not MCP, on stdout) log line 0");
    expect(other.at(-1)?.message).toBe(
      "(more lines that are not MCP on stdout: the rest are not shown)",
    );
  }, 60_000);
});

describe("a result that is not valid MCP", () => {
  it("is one line when the SDK refuses a result, naming its first problem", async () => {
    const env = { LANGCHAIN_MINI_MCP: JSON.stringify({ mcpServers: { odd: fakeStdioServer() } }) };
    const tools = await createTools({ env });
    const invalid = tools.find((tool) => tool.name === "odd__invalid");
    const failure = await Promise.resolve(
      invalid?.execute({}, { signal: AbortSignal.timeout(50_000) }),
    ).then(
      () => "no error",
      (error: Error) => error.message,
    );
    expect(failure).toBe(
      "Invalid result for tools/call: content[0]: Invalid input (the first of 2 problems)",
    );
  }, 60_000);
});

describe("stopping servers as process groups", () => {
  it("leaves nothing of a server under sh -c that ignores SIGTERM and EOF, nor of its helper", async () => {
    const pids = join(mkdtempSync(join(tmpdir(), "mcp-group-")), "pids");
    const server = fakeStdioServer({
      ignoreSigterm: true,
      ignoreEof: true,
      grandchild: true,
      pidFile: pids,
    });
    // The shell stays between: it has more to do after the server.
    const wrapped = {
      command: "sh",
      args: ["-c", '"$@"; echo "the server ended" >&2', "sh", server.command, ...server.args],
    };
    const { tools } = await toolsOf({ wrapped });
    expect(tools.map((tool) => tool.name)).toContain("wrapped__echo");
    const [serverPid, helperPid] = readFileSync(pids, "utf8").trim().split("\n").map(Number);
    const group = groupOf(serverPid as number) as number;
    // The server, its helper and the shell share a group of their own, not this process's.
    expect(group).not.toBe(groupOf(process.pid));
    expect(groupOf(helperPid as number)).toBe(group);
    expect(processesInGroup(group)).toHaveLength(3);
    await close();
    await waitFor(() => processesInGroup(group).length === 0, "the whole group to be gone");
  }, 60_000);
});
