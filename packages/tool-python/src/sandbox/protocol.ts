// The messages between the host (Node) and the sandbox's main thread (Deno), one JSON
// object a line on the sandbox's stdin and stdout. Types only: both sides import them.

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
  /** Wall time a call may take, for code that waits rather than computes. */
  readonly wallMs: number;
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
   * The call would not stop when interrupted ("cpu"), or waited past the wall-time limit
   * ("wall"): the sandbox ends itself after this.
   */
  | {
      readonly type: "stuck";
      readonly id: number;
      readonly output: string;
      readonly limit: "cpu" | "wall";
    }
  | { readonly type: "failed"; readonly message: string };
