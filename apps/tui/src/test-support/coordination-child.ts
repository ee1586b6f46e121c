import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { build } from "rolldown";
import type { RedisTimings } from "../serve/redis-timings.js";
import { EventLog } from "./event-log.js";

/** What the child process says (see coordination-process.ts), one JSON object a line. */
export type ChildReport = Record<string, unknown>;

export interface CoordinationChild {
  readonly pid: number;
  readonly reports: EventLog<ChildReport>;
  send(command: object): void;
  /** SIGKILL, and waits until it is gone. */
  kill(): Promise<void>;
}

export interface ChildSettings {
  readonly url: string;
  readonly prefix: string;
  readonly timings?: Partial<RedisTimings>;
}

const nodeBuiltIns = new Set(builtinModules);

/**
 * Bundles coordination-process.ts with the bundler the CLI ships with (so the child runs
 * what the published CLI would: BullMQ and node-redis bundled) into a temporary folder.
 * Returns the script and how to remove it.
 */
export async function bundleCoordinationProcess() {
  const directory = mkdtempSync(join(tmpdir(), "coordination-process-"));
  await build({
    input: resolve(import.meta.dirname, "coordination-process.ts"),
    platform: "node",
    external: (id) => id.startsWith("node:") || nodeBuiltIns.has(id),
    logLevel: "silent",
    output: { file: join(directory, "coordination-process.js"), format: "esm" },
  });
  return {
    script: join(directory, "coordination-process.js"),
    remove: () => rmSync(directory, { recursive: true, force: true }),
  };
}

/** Starts the bundled child and waits until its coordination is open. */
export async function startCoordinationProcess(
  script: string,
  settings: ChildSettings,
): Promise<CoordinationChild> {
  const child: ChildProcess = spawn(process.execPath, [script, JSON.stringify(settings)], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  const reports = new EventLog<ChildReport>();
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (text: string) => {
    stderr += text;
  });
  if (!child.stdout) throw new Error("The child process has no stdout");
  createInterface({ input: child.stdout }).on("line", (line) => {
    try {
      reports.push(JSON.parse(line) as ChildReport);
    } catch {
      reports.push({ unreadable: line });
    }
  });
  child.once("exit", (code, signal) => reports.push({ exited: code ?? signal, stderr }));
  await reports.waitFor(
    (report) => "ready" in report || "exited" in report,
    "the child's coordination to open",
  );
  const exited = reports.entries.find((report) => "exited" in report);
  if (exited) throw new Error(`The child process ended before it was ready: ${exited.stderr}`);
  return {
    pid: child.pid ?? 0,
    reports,
    send: (command) => child.stdin?.write(`${JSON.stringify(command)}\n`),
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = once(child, "exit");
      child.kill("SIGKILL");
      await gone;
    },
  };
}
