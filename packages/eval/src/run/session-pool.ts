import type { Host, RuntimeOptions, Session } from "@langchain-mini/host";
import type { CaseLimits } from "../suite/eval-case.js";
import type { CaseRuntime } from "./case-runtime.js";
import type { EvalJob } from "./eval-jobs.js";
import type { ModelCalls } from "./model-calls.js";

/**
 * The sessions case runs are made in: one per model, tool list and limits, opened when
 * first needed (a tool's MCP servers start once, not once per case).
 */
export class SessionPool {
  readonly #sessions = new Map<string, Promise<Session>>();
  readonly #host: Host;
  readonly #runtime: CaseRuntime | undefined;
  readonly #calls: ModelCalls;

  constructor(host: Host, runtime: CaseRuntime | undefined, calls: ModelCalls) {
    this.#host = host;
    this.#runtime = runtime;
    this.#calls = calls;
  }

  for(job: EvalJob): Promise<Session> {
    const { tools, limits } = job.evalCase;
    const id = JSON.stringify([job.model, tools ?? null, limits ?? null]);
    let session = this.#sessions.get(id);
    if (!session) {
      session = this.#host.openSession({
        ...this.#runtime,
        ...(tools !== undefined ? { tools } : {}),
        ...limitOptions(limits),
        ...this.#calls.llm(job.model),
        journal: false,
      });
      this.#sessions.set(id, session);
    }
    return session;
  }

  async close() {
    const opened = await Promise.allSettled(this.#sessions.values());
    await Promise.all(
      opened.map((session) => (session.status === "fulfilled" ? session.value.close() : undefined)),
    );
  }
}

function limitOptions(limits: CaseLimits | undefined): Partial<RuntimeOptions> {
  if (!limits) return {};
  return {
    ...(limits.maxSteps !== undefined ? { maxSteps: limits.maxSteps } : {}),
    ...(limits.maxCost !== undefined ? { maxCost: limits.maxCost } : {}),
    ...(limits.maxTokens !== undefined ? { maxTokens: limits.maxTokens } : {}),
    ...(limits.maxTokensTotal !== undefined ? { maxTokensTotal: limits.maxTokensTotal } : {}),
  };
}
