import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type FakeServerBehaviour,
  fakeStdioServer,
  groupOf,
  isRunning,
  processesInGroup,
  residentMegabytes,
  startHostileHttp,
  waitFor,
} from "@langchain-mini/tool-mcp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CaseContext,
  type HostileCase,
  runHostileCase,
} from "../test-support/hostile-case.js";

// MCP servers that misbehave, through the built CLI: they echo the credentials they were
// given, flood the client, answer with what MCP does not allow, and outlive SIGTERM; the
// settings may ask for more than a timer can wait. Each case is one exit status, and no
// key, stack trace or internals in any output, trace or file of the data directory.

const act = (tool: string, input: string) =>
  ` I will use it.\nAction: ${tool}\nAction Input: ${input}`;
const answer = (text: string) => ` I now know the final answer\nFinal Answer: ${text}`;
const NOTE =
  "The reply was over 8 MB, the most one MCP message may take: it was cut, and only its start follows.";

/** Credentials that only the MCP settings give: no variable's name says they are keys. */
const URL_PASSWORD = "corpus-url-password-5d1c";
const PLAIN_HEADER = "corpus-plain-header-93be";
const EXPANDED = "corpus-expanded-value-c4a7";
const ENV_VALUE = "corpus-env-value-0e6f";
const BASIC = Buffer.from(`ada:${URL_PASSWORD}`).toString("base64");
const CREDENTIALS = [URL_PASSWORD, PLAIN_HEADER, EXPANDED, ENV_VALUE, BASIC];

function mcpConfig(context: CaseContext, servers: Record<string, unknown>) {
  return context.file("mcp.json", JSON.stringify({ mcpServers: servers }));
}

let echoing: Awaited<ReturnType<typeof startHostileHttp>>;
let flooding: Awaited<ReturnType<typeof startHostileHttp>>;

beforeAll(async () => {
  echoing = await startHostileHttp({ echoHeaders: true });
  flooding = await startHostileHttp();
});
afterAll(async () => {
  await echoing?.close();
  await flooding?.close();
});

const credentials: HostileCase[] = [
  {
    name: "a server that echoes its URL's password and its headers as it refuses to start",
    args: (context) => {
      const url = new URL(echoing.url);
      url.username = "ada";
      url.password = URL_PASSWORD;
      const headers = {
        "X-Plain": PLAIN_HEADER,
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the configuration's syntax
        "X-From-Variable": "${CORPUS_SETTING}",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the configuration's syntax
        "X-Token": "${ACME_SERVICE_TOKEN}",
      };
      const config = mcpConfig(context, { echo: { url: url.href, headers } });
      return [
        ...["ask", "--mcp", config, "--tools", "calculator", "--verbose"],
        ...["--trace", join(context.out, "t.jsonl")],
        ...["--llm", `script:${context.script([answer("done")])}`, "q"],
      ];
    },
    env: { CORPUS_SETTING: EXPANDED },
    status: 0,
    stdout: "done\n",
    stderr:
      /\nWarning: MCP server "echo" did not start: Error POSTing to endpoint: rejected: \{ .*"x-plain": "\[REDACTED\]".*\}\. Its tools are left out\n/,
    forbidden: CREDENTIALS,
  },
  {
    name: "a stdio server that prints the credential of its env on stderr, into the trace",
    args: (context) => {
      const server = {
        ...fakeStdioServer({ stderr: [`connecting with ${ENV_VALUE}`, `and ${EXPANDED}`] }),
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the configuration's syntax
        env: { DATABASE: ENV_VALUE, OTHER: "${CORPUS_SETTING}" },
      };
      const config = mcpConfig(context, { talker: server });
      return [
        ...["ask", "--mcp", config, "--tools", "calculator", "--verbose"],
        ...["--trace", join(context.out, "t.jsonl")],
        ...[
          "--llm",
          `script:${context.script([act("talker__echo", '{"text": "hi"}'), answer("done")])}`,
          "q",
        ],
      ];
    },
    env: { CORPUS_SETTING: EXPANDED },
    status: 0,
    stdout: "done\n",
    stderr: 'MCP server "talker": connecting with [REDACTED]',
    forbidden: CREDENTIALS,
    check: (_result, { out }) => {
      expect(readFileSync(join(out, "t.jsonl"), "utf8")).toContain(
        '"message":"connecting with [REDACTED]"',
      );
    },
  },
];

const settings: HostileCase[] = [
  ...["2147484", "1e12"].map(
    (timeout): HostileCase => ({
      name: `LANGCHAIN_MINI_MCP_TIMEOUT=${timeout}, past what a timer can wait`,
      args: (context) => [
        ...["ask", "--mcp", mcpConfig(context, { a: fakeStdioServer() }), "--tools", "calculator"],
        ...["--llm", `script:${context.script([answer("never")])}`, "q"],
      ],
      env: { LANGCHAIN_MINI_MCP_TIMEOUT: timeout },
      status: 2,
      stdout: "",
      stderr: `langchain-mini: LANGCHAIN_MINI_MCP_TIMEOUT must be a number of seconds from 0.001 to 2147483, not "${timeout}"\n`,
      forbidden: ["TimeoutOverflowWarning"],
      check: (result) => expect(result.stderr.trim().split("\n")).toHaveLength(1),
    }),
  ),
  {
    name: "a list of tools that is not valid MCP",
    args: (context) => {
      const toolsList = {
        tools: [{ name: "a", inputSchema: { type: "string" } }, { description: 5 }],
      };
      const config = mcpConfig(context, { odd: fakeStdioServer({ toolsList }) });
      return [
        ...["ask", "--mcp", config, "--tools", "calculator"],
        ...["--llm", `script:${context.script([answer("done")])}`, "q"],
      ];
    },
    status: 0,
    stdout: "done\n",
    stderr:
      'Warning: MCP server "odd" did not start: its list of tools is not valid MCP: tools[0].inputSchema.type: Invalid input: expected "object" (the first of 4 problems). Its tools are left out\n',
    check: (result) => {
      expect(result.stderr).not.toContain('"code"');
      expect(result.stderr.split("\n").filter((line) => line.includes("odd"))).toHaveLength(1);
    },
  },
];

function floodCase(): HostileCase {
  let largest = 0;
  let samples = 0;
  return {
    name: "a server whose event stream line never ends: memory stays bounded, the call fails clearly",
    args: (context) => {
      const config = mcpConfig(context, { flood: { url: flooding.url } });
      const replies = [
        act("flood__flood", "{}"),
        act("flood__echo", '{"text": "after"}'),
        answer("done"),
      ];
      return ["ask", "--mcp", config, "--llm", `script:${context.script(replies)}`, "q"];
    },
    options: {
      onSpawn: (child) => {
        const timer = setInterval(() => {
          const megabytes = child.pid === undefined ? undefined : residentMegabytes(child.pid);
          if (megabytes === undefined) return;
          samples++;
          largest = Math.max(largest, megabytes);
        }, 25);
        child.once("exit", () => clearInterval(timer));
      },
    },
    status: 0,
    stdout: "done\n",
    stderr: `Observation: Tool flood__flood failed: ${NOTE}\nFLOODAAA`,
    check: (result) => {
      expect(samples).toBeGreaterThan(0);
      expect(largest).toBeLessThan(400);
      expect(result.stderr).toContain("Observation: after\n");
    },
  };
}

const sizes: HostileCase[] = [
  floodCase(),
  {
    name: "a 16 MB result over stdio is cut with a note, and the server answers the next call",
    args: (context) => {
      const config = mcpConfig(context, { big: fakeStdioServer() });
      const replies = [
        act("big__huge", '{"bytes": 16000000}'),
        act("big__echo", '{"text": "still here"}'),
        answer("done"),
      ];
      return ["ask", "--mcp", config, "--llm", `script:${context.script(replies)}`, "q"];
    },
    status: 0,
    stdout: "done\n",
    stderr: `Observation: Tool big__huge failed: ${NOTE}\nBEGINxxx`,
    check: (result) => expect(result.stderr).toContain("Observation: still here\n"),
  },
];

/**
 * A server that ignores SIGTERM and EOF, under `sh -c`, with a helper of its own that
 * ignores SIGTERM too: however `ask` ends, none of the three is left.
 */
function orphanCase(how: "an answer" | "an error" | "SIGTERM" | "SIGHUP"): HostileCase {
  let pidFile = "";
  let group: number | undefined;
  const pids = () =>
    existsSync(pidFile) ? readFileSync(pidFile, "utf8").trim().split("\n").map(Number) : [];
  const behaviour = (file: string): FakeServerBehaviour => ({
    ignoreSigterm: true,
    ignoreEof: true,
    grandchild: true,
    pidFile: file,
  });
  const replies = {
    "an answer": [act("stubborn__echo", '{"text": "hi"}'), answer("done")],
    // No reply at all: the LLM fails, after the servers started.
    "an error": [],
    SIGTERM: [{ text: answer("never"), delayMs: 600_000 }],
    // The terminal went away: the servers, in groups of their own, do not hear it.
    SIGHUP: [{ text: answer("never"), delayMs: 600_000 }],
  }[how];
  return {
    name: `a server under sh -c that ignores SIGTERM, and its helper, are gone after ${how}`,
    args: (context) => {
      pidFile = join(context.directory, "pids");
      const server = fakeStdioServer(behaviour(pidFile));
      const config = mcpConfig(context, {
        stubborn: {
          command: "sh",
          args: ["-c", '"$@"; echo "the server ended" >&2', "sh", server.command, ...server.args],
        },
      });
      return ["ask", "--mcp", config, "--llm", `script:${context.script(replies)}`, "q"];
    },
    options: {
      onSpawn: (child) => {
        void waitFor(() => pids().length === 2, "the server and its helper to start").then(() => {
          group = groupOf(pids()[0] as number);
          if (how === "SIGTERM" || how === "SIGHUP") child.kill(how);
        });
      },
    },
    status: { "an answer": 0, "an error": 1, SIGTERM: 143, SIGHUP: 129 }[how],
    check: async () => {
      expect(pids()).toHaveLength(2);
      expect(group).toBeDefined();
      await waitFor(
        () => pids().every((pid) => !isRunning(pid)) && processesInGroup(group ?? 0).length === 0,
        "every process of the server's group to be gone",
      );
    },
  };
}

const orphans = (["an answer", "an error", "SIGTERM", "SIGHUP"] as const).map(orphanCase);

describe("hostile corpus: MCP servers", () => {
  for (const hostile of [...credentials, ...settings, ...sizes, ...orphans]) {
    it(hostile.name, () => runHostileCase(hostile), 60_000);
  }
});
