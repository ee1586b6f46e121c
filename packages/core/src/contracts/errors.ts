/**
 * Stable error codes. Scripts and UIs switch on `code`; the message is for people and
 * always says what to do next.
 */
export type ErrorCode =
  | "config_invalid"
  | "llm_auth"
  | "llm_not_found"
  | "llm_rate_limited"
  | "llm_server"
  | "llm_connection"
  | "llm_timeout"
  | "llm_stream_broken"
  | "llm_bad_request"
  | "llm_context_exceeded"
  | "llm_bad_response"
  | "script_exhausted"
  | "tool_failed"
  | "tool_input_invalid"
  | "tool_timeout"
  | "store_unavailable"
  | "max_steps"
  | "max_time"
  | "budget_exceeded"
  | "loop_detected"
  | "run_paused"
  | "run_not_found"
  | "run_busy"
  | "journal_mismatch"
  | "aborted"
  | "internal";

/**
 * Marks our errors across copies of this package: a plug-in loaded from a file outside
 * the project may bring its own copy of core, and its errors must still be recognised.
 */
const BRAND = Symbol.for("langchain-mini.error");

/** The one error base class: a stable `code` and a message that tells the user what to do. */
export class LangchainMiniError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "LangchainMiniError";
    this.code = code;
    Object.defineProperty(this, BRAND, { value: true });
  }
}

/** True for a `LangchainMiniError`, including one made by another copy of this package. */
export function isLangchainMiniError(value: unknown): value is LangchainMiniError {
  try {
    return (
      value instanceof Error &&
      (value as unknown as Record<symbol, unknown>)[BRAND] === true &&
      typeof (value as { code?: unknown }).code === "string"
    );
  } catch {
    // A proxy whose traps throw is nothing of ours.
    return false;
  }
}

/**
 * What a thrown value says, whatever was thrown: plug-ins may throw strings, plain
 * objects, null, or errors whose `message` getter throws. Never throws itself, and never
 * prints an object's insides.
 */
export function describeThrown(value: unknown): string {
  try {
    if (value instanceof Error) {
      const message = value.message;
      if (typeof message === "string" && message.trim()) return message;
      return "an error with no message";
    }
    if (typeof value === "string") return value.trim() ? value : "an empty string was thrown";
    if (typeof value === "object" && value !== null) {
      // `{ message: "…" }` is a common stand-in for an Error; a getter is not read.
      const own = Object.getOwnPropertyDescriptor(value, "message");
      if (own && typeof own.value === "string" && own.value.trim()) return own.value;
      return "a value that is not an Error was thrown";
    }
    if (typeof value === "function") return "a function was thrown";
    return `${String(value)} was thrown`;
  } catch {
    return "an error whose message cannot be read";
  }
}

/**
 * The one way to say a run (or a part of it) was cancelled: code `aborted`, which hosts
 * map to exit status 130. `reason` says what stopped, where that helps the user.
 */
export function abortError(reason = "The run was cancelled", options?: { cause?: unknown }) {
  return new LangchainMiniError("aborted", reason, options);
}

/** Wraps anything thrown into our error type, keeping the original as `cause`. */
export function toLangchainMiniError(error: unknown, fallback: ErrorCode = "internal") {
  if (isLangchainMiniError(error)) return error;
  return new LangchainMiniError(fallback, describeThrown(error), { cause: error });
}

/** The serialisable form used in events, traces and `ask --json`. */
export interface ErrorInfo {
  readonly code: ErrorCode;
  readonly message: string;
}

export function errorInfo(error: unknown): ErrorInfo {
  const wrapped = toLangchainMiniError(error);
  return { code: wrapped.code, message: wrapped.message };
}
