import { existsSync, writeFileSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempDir } from "./test-support/cli.js";

const sockets: Socket[] = [];
const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) server.close();
});

/** A server that accepts connections and never says a word: a provider that hangs. */
async function silentServer() {
  let connected = () => {};
  const connection = new Promise<void>((resolve) => {
    connected = resolve;
  });
  const server = createServer((socket) => {
    sockets.push(socket);
    connected();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/v1`, connection };
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("SIGTERM and SIGINT end a command promptly, whatever it waits on", () => {
  it("SIGTERM during a provider call that never answers: the run is cancelled, exit 143", async () => {
    const server = await silentServer();
    const result = await runCli(["ask", "--llm", "openai:some-model", "q"], {
      // The SDK's own timeout is a minute: only the signal can end this run in time.
      env: { OPENAI_BASE_URL: server.url },
      onSpawn: (child) => void server.connection.then(() => child.kill("SIGTERM")),
    });
    expect(result.stdout).toBe("");
    expect(result.stderr.trimEnd().split("\n").slice(-2)).toEqual([
      "Error: The run was cancelled",
      "langchain-mini: stopped by SIGTERM",
    ]);
    expect(result.status).toBe(143);
  });

  it("SIGINT to a plug-in that ignores its AbortSignal: one line, exit 130", async () => {
    const directory = tempDir();
    const called = join(directory, "called");
    writeFileSync(
      join(directory, "stuck-llm.js"),
      `import { writeFileSync } from "node:fs";
      export function createLlm({ model }) {
        return {
          provider: "stuck",
          model,
          async *stream() {
            writeFileSync(${JSON.stringify(called)}, "");
            // Ten minutes, and the signal is not even looked at.
            await new Promise((resolve) => setTimeout(resolve, 600_000));
          },
        };
      }`,
    );
    const result = await runCli(["ask", "--llm", "./stuck-llm.js:m", "q"], {
      cwd: directory,
      onSpawn: (child) => void until(() => existsSync(called)).then(() => child.kill("SIGINT")),
    });
    expect(result.stderr.trimEnd().split("\n").at(-1)).toBe("langchain-mini: stopped by SIGINT");
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.status).toBe(130);
  });

  it("a command left waiting for what can never happen ends with one line, exit 1, not 0", async () => {
    const directory = tempDir();
    writeFileSync(
      join(directory, "stuck-llm.js"),
      `export const createLlm = ({ model }) => ({
        provider: "stuck",
        model,
        stream: () => ({ [Symbol.asyncIterator]: () => ({ next: () => new Promise(() => {}) }) }),
      });`,
    );
    const result = await runCli(["ask", "--llm", "./stuck-llm.js:m", "q"], { cwd: directory });
    expect(result.stderr.trimEnd().split("\n").at(-1)).toMatch(
      /^langchain-mini: stopped: the command was left waiting for something that can never happen/,
    );
    expect(result.status).toBe(1);
  });
});
