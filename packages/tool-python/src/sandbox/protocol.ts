// The messages between the host (Node) and the sandbox's main thread (Deno). The host
// writes one JSON object a line on the sandbox's stdin, after a first line that holds the
// key the sandbox signs its replies with. The sandbox answers on its stdout, which
// model-written code can write to as well: each reply is a line of its own, the HMAC of
// its JSON, a space, and the JSON; the host drops every line that does not verify.
// Types and the line format only: both sides import them.

/** What the sandbox is started with (its one command-line argument, as JSON). */
export interface SandboxSettings {
  /** file: URL of pyodide.mjs. */
  readonly pyodideUrl: string;
  /** Pyodide's folder, ending in a slash. */
  readonly indexPath: string;
  /** CPU time one call may use before it is interrupted. */
  readonly cpuMs: number;
  /** CPU time an interrupted call gets to stop before the sandbox ends itself. */
  readonly graceMs: number;
  /** Time one call may spend waiting (hardly using the CPU) before the sandbox ends itself. */
  readonly waitMs: number;
  /** CPU time loading Python may take before the sandbox gives up. */
  readonly startupCpuMs: number;
  /** Characters of output kept per call. */
  readonly outputChars: number;
}

export interface RunRequest {
  readonly type: "run";
  readonly id: number;
  readonly code: string;
}

/** What one call did, as Python saw it. */
export interface CallReport {
  /** What the code printed (stdout and stderr, as written), at most `outputChars`. */
  readonly output: string;
  /** More was printed than `outputChars`. */
  readonly truncated: boolean;
  /** repr() of the final expression's value, unless there was none or it was None. */
  readonly value?: string;
  /** The last line of the traceback. */
  readonly error?: string;
  /** The call ran past its CPU time and was interrupted. */
  readonly cpuLimit?: boolean;
  /** The interpreter failed and the sandbox ends after this reply. */
  readonly crashed?: boolean;
}

export type SandboxMessage =
  | { readonly type: "ready"; readonly startupMs: number }
  | ({ readonly type: "result"; readonly id: number } & CallReport)
  /**
   * The call would not stop when interrupted ("cpu"), or waited past its limit ("wait"):
   * the sandbox ends itself after this.
   */
  | {
      readonly type: "stuck";
      readonly id: number;
      readonly output: string;
      readonly limit: "cpu" | "wait";
    }
  /**
   * Something kept using the CPU between calls (a worker, a timer, a promise loop that
   * an earlier call left behind): the sandbox ends itself after this.
   */
  | { readonly type: "background"; readonly cpuMs: number }
  /** Python could not be loaded; `startupCpu` when loading ran out of its CPU time. */
  | { readonly type: "failed"; readonly message: string; readonly startupCpu?: boolean };

/** The HMAC that signs a reply (hex), in front of its JSON. */
export const SIGNATURE = { algorithm: "sha256", hexLength: 64 } as const;
