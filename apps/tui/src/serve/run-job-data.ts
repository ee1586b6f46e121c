import type { RunJob } from "./coordination.js";

/**
 * A RunJob read back from the shared queue, or undefined when the data is not one (a
 * job written by another version, or by hand): only the fields a RunJob has are kept.
 */
export function asRunJob(data: unknown): RunJob | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const job = data as Record<string, unknown>;
  const { runId, chat } = job;
  if (typeof runId !== "string" || typeof chat !== "string") return undefined;
  if (job.kind === "ask") {
    return typeof job.question === "string"
      ? { kind: "ask", runId, chat, question: job.question }
      : undefined;
  }
  if (job.kind !== "resume") return undefined;
  if (job.decision === undefined) return { kind: "resume", runId, chat };
  const decision = asDecision(job.decision);
  return decision ? { kind: "resume", runId, chat, decision } : undefined;
}

type Decision = NonNullable<Extract<RunJob, { kind: "resume" }>["decision"]>;

function asDecision(value: unknown): Decision | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { approved, note, by } = value as Record<string, unknown>;
  if (typeof approved !== "boolean") return undefined;
  if (note !== undefined && typeof note !== "string") return undefined;
  if (by !== undefined && typeof by !== "string") return undefined;
  return {
    approved,
    ...(note === undefined ? {} : { note }),
    ...(by === undefined ? {} : { by }),
  };
}
