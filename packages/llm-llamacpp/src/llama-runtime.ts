import { availableParallelism } from "node:os";
import { LangchainMiniError } from "@langchain-mini/core";
import { getLlama, type Llama, type LlamaGpuType, LlamaLogLevel } from "node-llama-cpp";

/** Which llama.cpp build to run on: "auto" picks the best GPU build installed, else the CPU. */
export type GpuChoice = "auto" | LlamaGpuType;

export interface RuntimeOptions {
  readonly gpu?: GpuChoice;
  /** CPU threads for evaluation; default: half the logical CPUs (about one per physical core). */
  readonly threads?: number;
}

const runtimes = new Map<string, Promise<Llama>>();
const recentLogs: { readonly sequence: number; readonly message: string }[] = [];
const MAX_LOGS = 20;
let logSequence = 0;

/**
 * One llama.cpp runtime per GPU choice and thread count, shared by every model in the
 * process. It never downloads or compiles llama.cpp: only prebuilt binaries from the
 * installed `@node-llama-cpp/*` packages are used.
 */
export function sharedLlama(options: RuntimeOptions = {}): Promise<Llama> {
  const gpu = options.gpu ?? "auto";
  const threads = resolveThreads(options.threads);
  const key = `${gpu}:${threads}`;
  let runtime = runtimes.get(key);
  if (!runtime) {
    runtime = startRuntime(gpu, threads);
    runtimes.set(key, runtime);
    runtime.catch(() => runtimes.delete(key));
  }
  return runtime;
}

// Half the logical CPUs: llama.cpp runs best on physical cores, and on two shared vCPUs one
// thread generated 4,000 tokens/s on a tiny model where two made 92 (bench/fixture.bench.js).
// node-llama-cpp's own default, at least four threads, was slower still.
export function resolveThreads(threads: number | undefined) {
  return threads ?? Math.max(1, Math.floor(availableParallelism() / 2));
}

async function startRuntime(gpu: GpuChoice, threads: number) {
  try {
    return await getLlama({
      gpu,
      build: "never",
      maxThreads: threads,
      logLevel: LlamaLogLevel.warn,
      logger: recordLog,
      progressLogs: false,
    });
  } catch (error) {
    const wanted = gpu === "auto" ? "" : ` with gpu '${gpu}'`;
    throw new LangchainMiniError(
      "config_invalid",
      `No usable llama.cpp build for ${process.platform}-${process.arch}${wanted} (${firstLine(error)}): install node-llama-cpp's prebuilt package for this platform, or use gpu 'auto'`,
      { cause: error },
    );
  }
}

// llama.cpp explains failures only in its log; keep the last lines to quote in our errors
// instead of printing them over the user's terminal.
function recordLog(level: LlamaLogLevel, message: string) {
  if (level !== LlamaLogLevel.error && level !== LlamaLogLevel.warn) return;
  logSequence += 1;
  recentLogs.push({ sequence: logSequence, message: message.trim() });
  if (recentLogs.length > MAX_LOGS) recentLogs.shift();
}

/** A mark to pass to `llamaErrorSince`. */
export function logMark() {
  return logSequence;
}

/**
 * The first error llama.cpp logged after `mark`, without its function-name prefix. Its log
 * lines cross threads, so they may land just after the failure they explain: wait a little.
 */
export async function llamaErrorSince(mark: number, waitMs = 250): Promise<string | undefined> {
  const deadline = performance.now() + waitMs;
  for (;;) {
    const line = recentLogs.find(
      (entry) => entry.sequence > mark && /error|failed|invalid/i.test(entry.message),
    );
    if (line) return line.message.replace(/^\w+: (?:error loading model: )?(?:\w+: )?/, "");
    if (performance.now() >= deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export function firstLine(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0] ?? message;
}
