import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { denoChildren, isRunning, START, waitFor } from "./test-support/processes.js";

const entry = fileURLToPath(new URL("../dist/index.js", import.meta.url));

/**
 * A host process that creates the tool, waits for its sandbox and says so; once its stdin
 * ends (the test has seen the sandbox), it does `then`.
 */
function startHost(then: "exit" | "wait" | "return") {
  const code = `
    const { createPythonTool } = await import(${JSON.stringify(entry)});
    const tool = createPythonTool({ env: {} });
    await tool.whenReady();
    process.stdout.write("ready\\n");
    process.stdin.resume();
    process.stdin.on("end", () => {
      if (${JSON.stringify(then)} === "exit") process.exit(0);
      if (${JSON.stringify(then)} === "wait") setInterval(() => {}, 1000);
    });
  `;
  const host = spawn(process.execPath, ["--input-type=module", "-e", code], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const ready = new Promise<number[]>((resolve, reject) => {
    host.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve(denoChildren(host.pid));
    });
    host.on("exit", (status) => reject(new Error(`the host ended first (${status})`)));
  });
  const exited = new Promise<number | null>((resolve) => host.on("exit", resolve));
  return { host, ready, exited };
}

describe("a host that goes away takes its sandbox with it", () => {
  it(
    "when it calls process.exit",
    async () => {
      const { host, ready, exited } = startHost("exit");
      const sandboxes = await ready;
      expect(sandboxes).toHaveLength(1);
      host.stdin?.end();
      expect(await exited).toBe(0);
      await waitFor(() => !sandboxes.some(isRunning), 10_000, "the sandbox to end");
    },
    START,
  );

  it(
    "when it has nothing left to do: an idle sandbox does not keep it alive",
    async () => {
      const { host, ready, exited } = startHost("return");
      const sandboxes = await ready;
      expect(sandboxes).toHaveLength(1);
      host.stdin?.end();
      expect(await exited).toBe(0);
      await waitFor(() => !sandboxes.some(isRunning), 10_000, "the sandbox to end");
    },
    START,
  );

  it(
    "when it is killed outright (the sandbox sees its stdin close)",
    async () => {
      const { host, ready, exited } = startHost("wait");
      const sandboxes = await ready;
      expect(sandboxes).toHaveLength(1);
      host.kill("SIGKILL");
      await exited;
      await waitFor(() => !sandboxes.some(isRunning), 30_000, "the sandbox to end");
    },
    START,
  );
});
