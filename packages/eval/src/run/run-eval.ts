import { AsyncLocalStorage } from "node:async_hooks";
import type { Llm } from "@langchain-mini/core";
import type { Host, RuntimeOptions, Session, SessionOptions } from "@langchain-mini/host";
import { summariseModels } from "../report/summarise.js";
import { builtInScorers } from "../scorers/built-in-scorers.js";
import { scoreCase } from "../scorers/score-case.js";
import type { Scorer } from "../scorers/scorer.js";
import type { CaseLimits, EvalCase, EvalSuite } from "../suite/eval-case.js";
import type { CaseResult, EvalReport } from "./case-result.js";
import { runCase } from "./case-run.js";
import { type EvalJob, evalJobs, forEachJob } from "./eval-jobs.js";
import {
  type CallOwner,
  LlmRecorder,
  type Recording,
  RecordingError,
  readRecording,
  replayedLlm,
} from "./llm-recording.js";

/** What every case runs with unless it says otherwise: `ask`'s flags (and `--trace`). */
export type CaseRuntime = Omit<RuntimeOptions, "llm" | "wrapLlm" | "pauseApprovals"> &
  Pick<SessionOptions, "trace">;

export interface EvalOptions {
  /** The configuration runs are made in (keys, plug-ins, prices). */
  readonly host: Host;
  /** `--llm` specs to run every case on; default the suite's `models`, else the default provider. */
  readonly models?: readonly string[];
  /** Runs of each case on each model; default 1. */
  readonly trials?: number;
  /** Case runs at once, across models; default 4. */
  readonly concurrency?: number;
  /** `--tools`, `--agent`, `--max-steps`, … for every case (a case's `tools` and `limits` win). */
  readonly runtime?: CaseRuntime;
  /** The judge's `--llm` spec; default the suite's `judge`. */
  readonly judge?: string;
  /** Scorers beyond the built-ins (`loadScorers`). */
  readonly scorers?: readonly Scorer[];
  /** Keep every LLM exchange in this folder, a file per model. */
  readonly record?: string;
  /** Answer every LLM call from this folder's recording instead: no key, no network. */
  readonly replay?: string;
  readonly signal?: AbortSignal;
  /** Each case run as it is scored, with how many are done. */
  readonly onResult?: (result: CaseResult, done: number, total: number) => void;
}

/**
 * Runs every case of a suite on every model, `trials` times, at most `concurrency` at
 * once, scores each run and returns the report (per-model summaries and every result,
 * in the suite's order).
 */
export async function runEval(suite: EvalSuite, options: EvalOptions): Promise<EvalReport> {
  const startedAt = new Date();
  const trials = options.trials ?? 1;
  const concurrency = options.concurrency ?? 4;
  const scorers = [...builtInScorers, ...(options.scorers ?? [])];
  const owners = new AsyncLocalStorage<CallOwner>();
  const owner = () => owners.getStore();
  const models = await modelsOf(suite, options);
  const calls = await modelCalls(models, options, owner, startedAt);
  const judgeSpec = options.judge ?? suite.judge;
  const judges = new Map<string, Promise<Llm>>();
  const openJudge = (spec: string) => {
    let judge = judges.get(spec);
    if (!judge) {
      judge = calls.judge(spec);
      judges.set(spec, judge);
    }
    return judge;
  };
  const judge = judgeSpec && needsJudge(suite.cases) ? await openJudge(judgeSpec) : undefined;

  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const sessions = new SessionPool(options, calls);
  const jobs = evalJobs(suite.cases, models, trials);
  const results: CaseResult[] = [];
  let done = 0;
  try {
    await forEachJob(jobs, concurrency, async (job) => {
      const who = { caseId: job.evalCase.id, trial: job.trial };
      const result = await owners.run(who, async () => {
        const session = await sessions.for(job);
        const maxTimeMs = job.evalCase.limits?.maxTimeMs;
        const outcome = await runCase(session, job.evalCase, {
          conversation: `eval-${job.index}`,
          signal: maxTimeMs ? AbortSignal.any([signal, AbortSignal.timeout(maxTimeMs)]) : signal,
          ...(calls.today ? { today: calls.today } : {}),
        });
        calls.check(who);
        const scored = await scoreCase(job.evalCase, outcome, scorers, {
          signal,
          ...(judge ? { judge } : {}),
          openJudge,
        });
        calls.check(who);
        return caseResult(job, outcome, scored);
      });
      results[job.index] = result;
      options.onResult?.(result, ++done, jobs.length);
    }).catch((error: unknown) => {
      stop.abort();
      throw error;
    });
    await calls.save();
  } finally {
    await sessions.close();
  }
  return {
    suite: suite.name,
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    models: summariseModels(results),
    results,
  };
}

function caseResult(
  job: EvalJob,
  outcome: Awaited<ReturnType<typeof runCase>>,
  scored: Awaited<ReturnType<typeof scoreCase>>,
): CaseResult {
  return {
    model: job.model,
    caseId: job.evalCase.id,
    trial: job.trial,
    ...outcome,
    pass: scored.pass,
    scores: scored.scores,
    ...(scored.judgeCost !== undefined ? { judgeCost: scored.judgeCost } : {}),
  };
}

const needsJudge = (cases: readonly EvalCase[]) =>
  cases.some((evalCase) => Object.hasOwn(evalCase, "judge"));

/** The models to run: `--llm`, else the suite's matrix, else what a replay recorded. */
async function modelsOf(suite: EvalSuite, options: EvalOptions): Promise<readonly string[]> {
  const models = options.models?.length ? options.models : suite.models;
  if (models?.length) return [...new Set(models)];
  if (options.replay) {
    throw new RecordingError(
      "A replay needs the models it recorded: name them with --llm (or the suite's models)",
    );
  }
  // The default provider, as `ask` would choose it: named after the model it gives.
  const session = await options.host.openSession({ ...options.runtime, journal: false });
  try {
    return [session.model];
  } finally {
    await session.close();
  }
}

/** How the eval's LLM calls are made: live, live and recorded, or replayed. */
interface ModelCalls {
  /** The model a session of `spec` runs with, or how it is wrapped. */
  readonly llm: (spec: string) => Pick<RuntimeOptions, "llm" | "wrapLlm">;
  readonly judge: (spec: string) => Promise<Llm>;
  /** The recorded date, for a replay. */
  readonly today?: string;
  /** Throws the replay's mismatch for this case run, if its calls strayed. */
  check(owner: CallOwner): void;
  save(): Promise<void>;
}

async function modelCalls(
  models: readonly string[],
  options: EvalOptions,
  owner: () => CallOwner | undefined,
  startedAt: Date,
): Promise<ModelCalls> {
  const { host } = options;
  if (options.replay) {
    const directory = options.replay;
    const recordings = new Map<string, Recording>();
    for (const spec of models) recordings.set(spec, await readRecording(directory, spec));
    const [first] = recordings.values();
    const strays = new Map<string, RecordingError>();
    const replay = (recording: Recording) => {
      const llm = replayedLlm(recording, owner);
      return {
        ...llm,
        async *stream(request: Parameters<Llm["stream"]>[0]) {
          try {
            yield* llm.stream(request);
          } catch (error) {
            const who = owner();
            if (error instanceof RecordingError && who) strays.set(ownerKey(who), error);
            throw error;
          }
        },
      } satisfies Llm;
    };
    const replayed = new Map([...recordings].map(([spec, recording]) => [spec, replay(recording)]));
    return {
      llm: (spec) => ({ llm: replayed.get(spec) as Llm }),
      judge: async (spec) => replay(await readRecording(directory, `judge:${spec}`)),
      ...(first ? { today: first.header.today } : {}),
      check(who) {
        const stray = strays.get(ownerKey(who));
        if (stray) throw stray;
      },
      save: async () => undefined,
    };
  }
  if (options.record) {
    const directory = options.record;
    const today = localDate(startedAt);
    const recorders = new Map<string, LlmRecorder>();
    const recorder = (spec: string) => {
      let found = recorders.get(spec);
      if (!found) {
        found = new LlmRecorder(spec, today, owner);
        recorders.set(spec, found);
      }
      return found;
    };
    return {
      llm: (spec) => ({ llm: spec, wrapLlm: (llm) => recorder(spec).wrap(llm) }),
      judge: async (spec) => recorder(`judge:${spec}`).wrap(await host.openLlm(spec)),
      today,
      check: () => undefined,
      async save() {
        const mask = host.secrets.mask();
        for (const found of recorders.values()) await found.save(directory, mask);
      },
    };
  }
  return {
    llm: (spec) => ({ llm: spec }),
    judge: (spec) => host.openLlm(spec),
    check: () => undefined,
    save: async () => undefined,
  };
}

const ownerKey = (who: CallOwner) => `${who.trial}\u0000${who.caseId}`;

/** The local date as the ReAct prompt gives it. */
function localDate(date: Date) {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The sessions case runs are made in: one per model, tool list and limits, opened when
 * first needed (a tool's MCP servers start once, not once per case).
 */
class SessionPool {
  readonly #sessions = new Map<string, Promise<Session>>();
  readonly #options: EvalOptions;
  readonly #calls: ModelCalls;

  constructor(options: EvalOptions, calls: ModelCalls) {
    this.#options = options;
    this.#calls = calls;
  }

  for(job: EvalJob): Promise<Session> {
    const { tools, limits } = job.evalCase;
    const id = JSON.stringify([job.model, tools ?? null, limits ?? null]);
    let session = this.#sessions.get(id);
    if (!session) {
      session = this.#options.host.openSession({
        ...this.#options.runtime,
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
