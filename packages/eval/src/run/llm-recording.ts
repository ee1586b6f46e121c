import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Llm, LlmCapabilities, LlmChunk, LlmRequest, ModelPrice } from "@langchain-mini/core";

/** Which run of which case a call belongs to: what a recording is keyed by. */
export interface CallOwner {
  readonly caseId: string;
  readonly trial: number;
}

/** A request as recorded: everything the model was sent, nothing of the process (the signal). */
export type RecordedRequest = Omit<LlmRequest, "signal">;

/** One LLM exchange of one case's run. */
export interface Exchange {
  readonly type: "exchange";
  readonly caseId: string;
  readonly trial: number;
  /** Counts this run's calls to this model from 1, in the order they were made. */
  readonly call: number;
  readonly request: RecordedRequest;
  readonly chunks: readonly LlmChunk[];
}

/** What a replay needs to stand in for the model: its name, price, window, and the date. */
export interface RecordedModel {
  readonly type: "model";
  /** The `--llm` spec (or `judge:<spec>`) the file is for. */
  readonly spec: string;
  readonly provider: string;
  readonly model: string;
  readonly price?: ModelPrice;
  readonly contextWindow?: number;
  readonly capabilities?: LlmCapabilities;
  /** The date the runs' prompts gave as today's. */
  readonly today: string;
}

/** The file a model's exchanges are kept in: its spec made safe for any file system. */
export function recordingFile(directory: string, spec: string) {
  const safe = spec.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 80);
  const tag = Buffer.from(spec).toString("base64url").slice(0, 16);
  return join(directory, `${safe}.${tag}.jsonl`);
}

/** The request as the recording keeps it and a replay compares it. */
export function recordedRequest(request: LlmRequest): RecordedRequest {
  const { signal: _signal, ...rest } = request;
  return JSON.parse(JSON.stringify(rest)) as RecordedRequest;
}

const ownerKey = (owner: CallOwner) => `${owner.trial}\u0000${owner.caseId}`;

/**
 * Records every exchange with one model, keyed by the case run it belongs to (`owner()`
 * says which, read when the call starts). Written once, at the end, blanked of the
 * user's secrets.
 */
export class LlmRecorder {
  readonly #exchanges: Exchange[] = [];
  readonly #calls = new Map<string, number>();
  #model: ReturnType<typeof describe> | undefined;

  constructor(
    readonly spec: string,
    readonly today: string,
    readonly owner: () => CallOwner | undefined,
  ) {}

  wrap(llm: Llm): Llm {
    this.#model = describe(llm);
    const recorder = this;
    return {
      ...this.#model,
      async *stream(request) {
        const owner = recorder.owner();
        const call = owner ? recorder.#next(owner) : 0;
        const chunks: LlmChunk[] = [];
        for await (const chunk of llm.stream(request)) {
          chunks.push(chunk);
          yield chunk;
        }
        if (!owner) return;
        const recorded = recordedRequest(request);
        recorder.#exchanges.push({ type: "exchange", ...owner, call, request: recorded, chunks });
      },
    };
  }

  #next(owner: CallOwner) {
    const key = ownerKey(owner);
    const call = (this.#calls.get(key) ?? 0) + 1;
    this.#calls.set(key, call);
    return call;
  }

  /** Writes the file (a temporary one renamed over it: never half a recording). */
  async save(directory: string, mask: (text: string) => string) {
    if (!this.#model) return;
    const header: RecordedModel = {
      type: "model",
      spec: this.spec,
      ...this.#model,
      today: this.today,
    };
    await mkdir(directory, { recursive: true });
    const ordered = [...this.#exchanges].sort(
      (a, b) => a.caseId.localeCompare(b.caseId) || a.trial - b.trial || a.call - b.call,
    );
    const text = [header, ...ordered].map((line) => mask(JSON.stringify(line))).join("\n");
    const file = recordingFile(directory, this.spec);
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, `${text}\n`);
    await rename(temporary, file);
  }
}

function describe(llm: Llm) {
  return {
    provider: llm.provider,
    model: llm.model,
    ...(llm.price ? { price: llm.price } : {}),
    ...(llm.contextWindow ? { contextWindow: llm.contextWindow } : {}),
    ...(llm.capabilities ? { capabilities: llm.capabilities } : {}),
  };
}

/** A model's recording read back. */
export interface Recording {
  readonly header: RecordedModel;
  /** By case run, its exchanges in call order. */
  readonly runs: ReadonlyMap<string, readonly Exchange[]>;
}

/** Reads a model's recording; a clear error for a missing or broken file. */
export async function readRecording(directory: string, spec: string): Promise<Recording> {
  const file = recordingFile(directory, spec);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw new RecordingError(
      `${file}: no recording of ${spec} here: record the suite with --record ${directory} first`,
    );
  }
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  const parsed = lines.map((line, index) => {
    try {
      return JSON.parse(line) as Exchange | RecordedModel;
    } catch {
      throw new RecordingError(`${file} line ${index + 1} is not JSON: record the suite again`);
    }
  });
  const [header, ...exchanges] = parsed;
  if (header?.type !== "model" || !/^\d{4}-\d{2}-\d{2}$/.test(String(header.today))) {
    throw new RecordingError(`${file} is not a recording of this eval: record the suite again`);
  }
  const runs = new Map<string, Exchange[]>();
  for (const exchange of exchanges) {
    if (exchange.type !== "exchange" || typeof exchange.caseId !== "string") continue;
    const key = ownerKey(exchange);
    const list = runs.get(key) ?? [];
    list.push(exchange);
    runs.set(key, list);
  }
  for (const list of runs.values()) list.sort((a, b) => a.call - b.call);
  return { header, runs };
}

/** A recording that cannot be read or no longer matches what the suite sends. */
export class RecordingError extends Error {}

/**
 * Stands in for a recorded model: each call of a case's run gets the reply recorded for
 * that call, if the request is the one recorded; otherwise the replay fails and says
 * where the prompts part.
 */
export function replayedLlm(recording: Recording, owner: () => CallOwner | undefined): Llm {
  const { header } = recording;
  const calls = new Map<string, number>();
  return {
    provider: header.provider,
    model: header.model,
    ...(header.price ? { price: header.price } : {}),
    ...(header.contextWindow ? { contextWindow: header.contextWindow } : {}),
    ...(header.capabilities ? { capabilities: header.capabilities } : {}),
    async *stream(request) {
      const who = owner();
      if (!who) throw new RecordingError(`A call to ${header.spec} outside any case's run`);
      const key = ownerKey(who);
      const call = (calls.get(key) ?? 0) + 1;
      calls.set(key, call);
      const recorded = recording.runs.get(key)?.[call - 1];
      const name = `case ${JSON.stringify(who.caseId)} (trial ${who.trial}) on ${header.spec}`;
      if (!recorded) {
        throw new RecordingError(
          `${name} made LLM call ${call}, which was not recorded: the prompts or the parser changed since the recording; record again with --record`,
        );
      }
      const sent = JSON.stringify(recordedRequest(request));
      const kept = JSON.stringify(recorded.request);
      if (sent !== kept) {
        throw new RecordingError(
          `${name} sent a different request at LLM call ${call} than was recorded (${firstDifference(kept, sent)}): the prompts or the parser changed since; record again with --record`,
        );
      }
      for (const chunk of recorded.chunks) yield chunk;
    },
  };
}

/** Where two serialised requests part, shown short: "at character N: recorded «…», now «…»". */
export function firstDifference(recorded: string, now: string) {
  let index = 0;
  while (index < recorded.length && recorded[index] === now[index]) index++;
  const show = (text: string) =>
    JSON.stringify(text.slice(Math.max(0, index - 20), index + 40)).slice(1, -1);
  return `at character ${index}: recorded "${show(recorded)}", now "${show(now)}"`;
}
