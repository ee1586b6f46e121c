import { LangchainMiniError, type PluginEnv } from "@langchain-mini/core";

/** What one sandbox may use. Each has an option and an environment variable. */
export interface PythonLimits {
  /** CPU time per call before it is interrupted; default 5,000 (PYTHON_TOOL_CPU_MS). */
  readonly cpuMs: number;
  /**
   * Python's memory (the WebAssembly heap), in MiB; default 512 (PYTHON_TOOL_MEMORY_MB).
   * The whole sandbox may grow by this plus its JavaScript heap's limit, whatever takes it.
   */
  readonly memoryMb: number;
  /** Characters of printed output kept per call; default 10,000 (PYTHON_TOOL_OUTPUT_CHARS). */
  readonly outputChars: number;
  /** CPU time loading Python may take; default 60,000 (PYTHON_TOOL_STARTUP_CPU_MS). */
  readonly startupCpuMs: number;
}

export const DEFAULT_LIMITS: PythonLimits = {
  cpuMs: 5_000,
  memoryMb: 512,
  outputChars: 10_000,
  startupCpuMs: 60_000,
};

interface Bound {
  readonly key: keyof PythonLimits;
  readonly variable: string;
  readonly min: number;
  readonly max: number;
  readonly unit: string;
}

// Each maximum keeps every timer made from the setting (a call may wait 4 times its CPU
// time) far below the longest delay a timer takes.
const BOUNDS: readonly Bound[] = [
  { key: "cpuMs", variable: "PYTHON_TOOL_CPU_MS", min: 100, max: 3_600_000, unit: "milliseconds" },
  // Pyodide needs about 40 MiB to start; wasm32 addresses 4 GiB at most.
  { key: "memoryMb", variable: "PYTHON_TOOL_MEMORY_MB", min: 64, max: 4_096, unit: "MiB" },
  {
    key: "outputChars",
    variable: "PYTHON_TOOL_OUTPUT_CHARS",
    min: 100,
    max: 1_000_000,
    unit: "characters",
  },
  // Loading Python takes 5 to 10 s of CPU time (several threads compile its WebAssembly).
  {
    key: "startupCpuMs",
    variable: "PYTHON_TOOL_STARTUP_CPU_MS",
    min: 1_000,
    max: 3_600_000,
    unit: "milliseconds",
  },
];

/** Options over the environment over the defaults, each checked, so a mistake is one line. */
export function resolveLimits(env: PluginEnv, options: Partial<PythonLimits> = {}): PythonLimits {
  const limits: Record<keyof PythonLimits, number> = { ...DEFAULT_LIMITS };
  for (const bound of BOUNDS) {
    const given = options[bound.key];
    const raw = env[bound.variable]?.trim();
    const value = given ?? (raw ? wholeNumber(raw) : DEFAULT_LIMITS[bound.key]);
    if (!Number.isSafeInteger(value) || value < bound.min || value > bound.max) {
      const source = given === undefined ? bound.variable : `the ${bound.key} option`;
      throw new LangchainMiniError(
        "config_invalid",
        `${source} must be a whole number of ${bound.unit} from ${bound.min} to ${bound.max}, not ${given ?? raw}`,
      );
    }
    limits[bound.key] = value;
  }
  return limits;
}

/** The variable that raises a limit, for observations that name the limit hit. */
export function limitVariable(key: keyof PythonLimits) {
  return BOUNDS.find((bound) => bound.key === key)?.variable ?? key;
}

// Digits only: "1e3", "0x10" and "5000ms" are mistakes worth a message, not numbers.
function wholeNumber(text: string) {
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
}
