import type { PluginEnv } from "@langchain-mini/core";
import type { Client } from "@modelcontextprotocol/client";
import type { StdioServer } from "./config.js";
import { serverEnvironment } from "./server-environment.js";
import { StderrLines } from "./stderr-lines.js";
import { GroupStdioTransport } from "./stdio-transport.js";
import { blankSecrets } from "./text.js";

/**
 * A stdio server's process, in a process group of its own: its stderr goes line by line
 * to `onLog` (never to the terminal), its secrets blanked, and `stop` ends it, and all it
 * started, quickly however it behaves.
 */
export function startStdio(server: StdioServer, env: PluginEnv, onLog: (line: string) => void) {
  // What a server writes may hold what it was given: its secrets never reach a line.
  const blank = (text: string) => blankSecrets(text, server.secrets);
  const lines = new StderrLines(onLog, blank);
  const transport = new GroupStdioTransport({
    command: server.command,
    args: server.args,
    env: serverEnvironment(env, server.env),
    ...(server.cwd ? { cwd: server.cwd } : {}),
    onStderr: (chunk) => lines.push(chunk),
    onStderrEnd: () => lines.end(),
    onLog,
    blank,
  });
  return {
    transport,
    pid: () => transport.pid,
    /** The last lines of its stderr, to explain a failure. */
    stderrTail: () => lines.last(),
    async stop(client: Client) {
      await client.close().catch(() => undefined);
      await transport.close();
    },
    explain: (error: unknown) => explainFailure(server, error, transport.exit),
  };
}

function explainFailure(server: StdioServer, error: unknown, exit: string | undefined) {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOENT") {
    return new Error(
      `cannot run "${server.command}": no such command or file (check "command", or give its full path)`,
    );
  }
  if (code === "EACCES") return new Error(`cannot run "${server.command}": permission denied`);
  // "Connection closed" says less than how the process ended.
  if (exit) return new Error(`${exit} before it answered`, { cause: error });
  return error instanceof Error ? error : new Error(String(error));
}
