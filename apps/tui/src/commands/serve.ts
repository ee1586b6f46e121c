import { isIP } from "node:net";
import { everyValue, usageError } from "@langchain-mini/host";
import { parseCommandLine } from "../config/command-line.js";
import { count } from "../config/count-flag.js";
import { runOptionSpec, sessionOptions } from "../config/run-flags.js";
import type { Shell } from "../shell.js";
import { ownManifest } from "./version.js";

export const SERVE_USAGE = `Usage: langchain-mini serve [options]

The agent over HTTP: a web page at /, our own JSON-lines API and the AI SDK's UI message
stream (for useChat) under /api (see "Serve" in the README). Every run is journaled; a
call that waits for approval pauses its run until a client approves or denies it.

Options:
  --host <address>   where to listen; default 127.0.0.1. Any other address needs
                     LANGCHAIN_MINI_SERVE_TOKEN (clients send Authorization: Bearer <it>)
  --port <n>         default 8787; 0 takes a free port. Once ready, serve prints
                     "Listening on http://HOST:PORT" on stderr
  --max-body <bytes> the largest request body (a question, a conversation); default 1048576
  --cors <origin>    let pages on this origin call the API (default: no CORS)
  --concurrency <n>  runs carried out at once by this process; default 100
  --llm, --tools, --mcp, --agent, --max-steps, --max-tokens, --approval (auto, always
                     or never: which calls wait for a client's decision), --history,
                     --trace, --constrained, --trust, --context-window, --max-cost,
                     --max-tokens-total: as for ask (langchain-mini ask --help)
  --session-max-cost <usd>
                     US dollars all the runs this process serves may spend together
  --store <url>      where conversations and run journals live (default the file store);
                     with redis://… several serve processes share it and act as one
                     service: runs go through a queue on that Redis, any process takes
                     up a run whose process died, clients may reconnect to any process
  --debug            add stack traces to errors

Exit status: 2 usage or configuration error; 130/143 stopped by SIGINT/SIGTERM (runs
going are handed to another process, or to this one started again).`;

const serveOptionSpec = {
  ...runOptionSpec,
  host: { type: "string" },
  port: { type: "string" },
  "max-body": { type: "string" },
  cors: { type: "string" },
  concurrency: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

/** `serve`: checks its flags, then runs the server until a stop signal. */
export async function serve(argv: readonly string[], shell: Shell): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: [...argv],
    options: serveOptionSpec,
    allowPositionals: true,
  });
  if (values.help) {
    process.stdout.write(`${SERVE_USAGE}\n`);
    return 0;
  }
  if (positionals.length > 0) {
    throw usageError(
      `serve takes no question ('${positionals[0]}'): clients ask over HTTP; run langchain-mini serve --help`,
    );
  }
  if (values.session) {
    throw usageError("serve has no --session: each client names its own (the chat id)");
  }
  if (values["no-journal"]) {
    throw usageError(
      "serve journals every run (approvals and hand-overs need it): drop --no-journal",
    );
  }
  const host = values.host ?? "127.0.0.1";
  if (!LOOPBACK.has(host) && isIP(host) === 0 && host !== "0.0.0.0") {
    throw usageError(`--host must be an IP address or localhost, not '${host}'`);
  }
  const env = everyValue(shell.dotEnv, process.env);
  const token = env.LANGCHAIN_MINI_SERVE_TOKEN?.trim() || undefined;
  if (!LOOPBACK.has(host) && !token) {
    throw usageError(
      `serve refuses to listen on ${host} without a token: set LANGCHAIN_MINI_SERVE_TOKEN (clients send it as Authorization: Bearer <token>), or listen on 127.0.0.1`,
    );
  }
  const settings = {
    host,
    port: count("--port", values.port, 8787, 0, 65_535),
    maxBody: count("--max-body", values["max-body"], 1_048_576, 1, 2 ** 31),
    concurrency: count("--concurrency", values.concurrency, 100, 1, 10_000),
    cors: values.cors,
    token,
    store: values.store ?? env.LANGCHAIN_MINI_STORE,
    version: ownManifest().version,
  };
  const { runServer } = await import("../serve/run-server.js");
  return runServer(shell, { ...sessionOptions(values), trust: values.trust }, settings);
}
