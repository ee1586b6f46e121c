// The everything server over stdio, in this process, with every message it receives
// appended to the file named by its first argument: tests read what went over the wire.
import { appendFileSync } from "node:fs";
import { createRequire } from "node:module";

const log = process.argv[2] ?? "mcp-messages.jsonl";
const server = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/server-everything/dist/index.js",
);
// Listening first: the server's own listener then gets the same chunks.
process.stdin.on("data", (chunk) => appendFileSync(log, chunk));
process.argv = [process.argv[0] ?? process.execPath, server, "stdio"];
await import(server);
