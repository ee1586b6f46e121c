// A small MCP server over stdio that misbehaves on request, for tests: started as
// `node fake-server.js '<behaviour as JSON>'` (see fakeStdioServer). It speaks just
// enough JSON-RPC (initialize, tools/list, tools/call) to be a server.
import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";
import type { FakeServerBehaviour } from "./fake-server-config.js";

const behaviour = JSON.parse(process.argv[2] ?? "{}") as FakeServerBehaviour;

for (const line of behaviour.stderr ?? []) process.stderr.write(`${line}\n`);
for (const line of behaviour.stdout ?? []) process.stdout.write(`${line}\n`);
const missing = (behaviour.requireEnv ?? []).filter((name) => !process.env[name]);
if (missing.length > 0) {
  // What npx says, and then does, when the registry's certificate cannot be checked.
  process.stderr.write(`npm error code SELF_SIGNED_CERT_IN_CHAIN (no ${missing.join(", ")})\n`);
  process.exit(1);
}
if (behaviour.exitAtStart !== undefined) process.exit(behaviour.exitAtStart);
if (behaviour.ignoreSigterm)
  process.on("SIGTERM", () => process.stderr.write("ignoring SIGTERM\n"));
if (behaviour.pidFile) appendFileSync(behaviour.pidFile, `${process.pid}\n`);
if (behaviour.grandchild) {
  // A helper of its own, as npx's node is to the real server: it ignores SIGTERM too.
  const helper = spawn(
    process.execPath,
    ["-e", 'process.on("SIGTERM", () => {}); setInterval(() => {}, 1000); // fake helper'],
    { stdio: "ignore" },
  );
  if (behaviour.pidFile) appendFileSync(behaviour.pidFile, `${helper.pid}\n`);
}
if (behaviour.ignoreEof) setInterval(() => {}, 1000);

const TOOLS = [
  {
    name: "echo",
    description: "Says the text back",
    inputSchema: { type: "object", properties: { text: { type: "string" } } },
    annotations: { readOnlyHint: true },
  },
  {
    name: "environment",
    description: "The server's environment variables, as JSON",
    inputSchema: { type: "object", properties: {} },
    annotations: { readOnlyHint: true },
  },
  {
    name: "invalid",
    description: "Replies with a result that is not valid MCP",
    inputSchema: { type: "object", properties: {} },
    annotations: { readOnlyHint: true },
  },
  {
    name: "huge",
    description: "A text of this many bytes: BEGIN, x…, END",
    inputSchema: { type: "object", properties: { bytes: { type: "number" } } },
    annotations: { readOnlyHint: true },
  },
];

function reply(id: unknown, result: unknown) {
  process.stdout.write(`${JSON.stringify({ result, jsonrpc: "2.0", id })}\n`);
}

function call(name: string, args: Record<string, unknown>) {
  if (name === "echo") return String(args.text ?? "");
  if (name === "environment") return JSON.stringify(process.env);
  if (name === "huge") {
    const bytes = Number(args.bytes ?? 0);
    return `BEGIN${"x".repeat(Math.max(0, bytes - 8))}END`;
  }
  return `no tool ${name}`;
}

const input = createInterface({ input: process.stdin });
input.on("line", (line) => {
  const message = JSON.parse(line) as { id?: unknown; method?: string; params?: never };
  const params = (message.params ?? {}) as { name?: string; arguments?: Record<string, unknown> };
  switch (message.method) {
    case "initialize":
      reply(message.id, {
        protocolVersion: "2025-06-18",
        capabilities: { tools: {} },
        serverInfo: { name: "fake", version: "1.0.0" },
      });
      break;
    case "tools/list":
      reply(message.id, behaviour.toolsList ?? { tools: TOOLS });
      break;
    case "tools/call":
      // `invalid` answers with what MCP does not allow: a text block without its text.
      reply(
        message.id,
        params.name === "invalid"
          ? { content: [{ type: "text" }, { type: "text", text: 5 }] }
          : { content: [{ type: "text", text: call(params.name ?? "", params.arguments ?? {}) }] },
      );
      break;
    default:
      if (message.id !== undefined) reply(message.id, {});
  }
});
input.on("close", () => {
  if (!behaviour.ignoreEof) process.exit(0);
});
