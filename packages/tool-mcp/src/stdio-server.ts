import type { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import type { StdioServer } from "./config.js";
import { StderrLines } from "./stderr-lines.js";

/** After stdin closes, a server gets this long to exit before SIGTERM; then this long before SIGKILL. */
const EOF_GRACE_MS = 300;
const TERM_GRACE_MS = 2_000;

/** The SDK forgets the process as soon as it starts closing; stopping it needs its pid after that. */
class StdioTransport extends StdioClientTransport {
  startedPid: number | null = null;

  override async start() {
    await super.start();
    this.startedPid = this.pid;
  }
}

/** Every stdio transport still open, for the last-resort SIGTERM at exit. */
const children = new Set<StdioTransport>();
let exitHookInstalled = false;

/**
 * A stdio server's process: its stderr goes line by line to `onLog` (never to the
 * terminal), and `stop` ends it quickly however it behaves.
 */
export function startStdio(server: StdioServer, onLog: (line: string) => void) {
  installExitHook();
  const transport = new StdioTransport({
    command: server.command,
    args: [...server.args],
    env: { ...server.env },
    ...(server.cwd ? { cwd: server.cwd } : {}),
    stderr: "pipe",
  });
  children.add(transport);
  const lines = new StderrLines(onLog);
  transport.stderr?.on("data", (chunk: Buffer) => lines.push(chunk));
  transport.stderr?.on("end", () => lines.end());
  return {
    transport,
    pid: () => transport.pid ?? undefined,
    /**
     * Closes stdin, as the SDK does, then SIGTERM after a short grace (the SDK would wait
     * 2 s, and many servers never read EOF: a CLI must not take seconds to exit), then
     * SIGKILL for a server that ignores it.
     */
    async stop(client: Client) {
      const pid = transport.startedPid;
      const closing = client.close().catch(() => undefined);
      if (pid !== null && !(await exited(pid, EOF_GRACE_MS))) {
        signal(pid, "SIGTERM");
        if (!(await exited(pid, TERM_GRACE_MS))) signal(pid, "SIGKILL");
      }
      await closing;
      children.delete(transport);
    },
    explain: (error: unknown) => explainFailure(server, error, lines.last()),
  };
}

function explainFailure(server: StdioServer, error: unknown, stderr: readonly string[]) {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOENT") {
    return new Error(
      `cannot run "${server.command}": no such command or file (check "command", or give its full path)`,
    );
  }
  if (code === "EACCES") return new Error(`cannot run "${server.command}": permission denied`);
  const said = stderr.length > 0 ? `; it said: ${stderr.join(" | ")}` : "";
  return new Error(`${(error as Error)?.message ?? String(error)}${said}`, { cause: error });
}

/**
 * The last resort when the host exits without closing the servers (process.exit from a
 * signal handler, an uncaught error): only synchronous work is possible, so each child
 * still running gets SIGTERM; it also sees its stdin close as this process goes.
 */
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const transport of children) signal(transport.startedPid, "SIGTERM");
  });
}

function signal(pid: number | null, name: NodeJS.Signals) {
  if (pid === null) return;
  try {
    process.kill(pid, name);
  } catch {
    // It has exited already.
  }
}

/** Whether the process is gone within `ms` (Node reaps its children as they exit). */
async function exited(pid: number, ms: number) {
  const deadline = performance.now() + ms;
  while (isAlive(pid)) {
    if (performance.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
