import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { AgentEvent } from "@langchain-mini/core";
import type { Env } from "../config/env.js";
import { usageError } from "../config/usage-error.js";
import { createRedactor } from "./redact.js";

/** One trace line: the event plus its time, in ms since the trace began. */
export type TraceLine = AgentEvent & { readonly timeMs: number };

export interface TraceWriter {
  readonly path: string;
  write(event: AgentEvent): void;
  close(): void;
}

/**
 * Writes every event as one JSON line, synchronously, so a run killed half-way leaves a
 * valid trace up to that point. Secrets are redacted from each line before it is written.
 */
export function openTrace(path: string, env: Env): TraceWriter {
  let descriptor: number;
  try {
    mkdirSync(dirname(path), { recursive: true });
    descriptor = openSync(path, "w");
  } catch (error) {
    throw usageError(`Cannot write the trace file ${resolve(path)}: ${(error as Error).message}`);
  }
  const redact = createRedactor(env);
  const started = performance.now();
  let open = true;
  return {
    path,
    write(event) {
      if (!open) return;
      const line: TraceLine = {
        ...event,
        timeMs: Math.round((performance.now() - started) * 1000) / 1000,
      };
      writeSync(descriptor, `${redact(JSON.stringify(line))}\n`);
    },
    close() {
      if (!open) return;
      open = false;
      closeSync(descriptor);
    },
  };
}

/**
 * `--trace <file>` wins; otherwise `LANGCHAIN_MINI_TRACE=<dir>` gives one file per run.
 * Returns undefined when neither asks for a trace.
 */
export function traceFromOptions(file: string | undefined, env: Env): TraceWriter | undefined {
  if (file) return openTrace(file, env);
  const directory = env.LANGCHAIN_MINI_TRACE;
  if (!directory) return undefined;
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  return openTrace(join(directory, `run-${stamp}-${process.pid}.jsonl`), env);
}
