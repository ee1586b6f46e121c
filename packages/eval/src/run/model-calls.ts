import type { Llm } from "@langchain-mini/core";
import type { Host, RuntimeOptions } from "@langchain-mini/host";
import {
  type CallOwner,
  LlmRecorder,
  type Recording,
  RecordingError,
  readRecording,
  replayedLlm,
} from "./llm-recording.js";

/** How the eval's LLM calls are made: live, live and recorded, or replayed. */
export interface ModelCalls {
  /** The model a session of `spec` runs with, or how it is wrapped. */
  readonly llm: (spec: string) => Pick<RuntimeOptions, "llm" | "wrapLlm">;
  readonly judge: (spec: string) => Promise<Llm>;
  /** The recorded date, for a replay. */
  readonly today?: string;
  /** Throws the replay's mismatch for this case run, if its calls strayed. */
  check(owner: CallOwner): void;
  save(): Promise<void>;
}

export async function modelCalls(
  models: readonly string[],
  options: EvalCallOptions,
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
  return liveCalls(host);
}

/** Calls made live, with the keys of this process: what a queue's worker makes. */
export function liveCalls(host: Host): ModelCalls {
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

/** What decides how calls are made: live, recorded into a folder, or replayed from one. */
export interface EvalCallOptions {
  readonly host: Host;
  readonly record?: string;
  readonly replay?: string;
}
