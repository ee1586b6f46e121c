import { isLangchainMiniError } from "@langchain-mini/core";

/** What a request got wrong or cannot have now, as the JSON body every error has. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 409 | 413 | 415 | 500 | 503,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Our own errors' codes, as the CLI's exit statuses sort them, as HTTP statuses. */
const STATUS_OF_CODE: Record<string, HttpError["status"]> = {
  config_invalid: 400,
  usage: 400,
  run_not_found: 404,
  run_busy: 409,
};

/**
 * Any failure as `{ error: { code, message } }`: one line, secrets blanked, never a stack.
 * Errors of ours keep their stable code; anything else is `internal` with its message.
 */
export function errorResponse(error: unknown, redact: (text: string) => string): Response {
  const { status, code, message } =
    error instanceof HttpError
      ? error
      : isLangchainMiniError(error)
        ? { status: STATUS_OF_CODE[error.code] ?? 500, code: error.code, message: error.message }
        : {
            status: 500 as const,
            code: "internal",
            message: error instanceof Error ? error.message : String(error),
          };
  const line = redact(message).replace(/\s*\n[\s\S]*$/, "");
  return Response.json({ error: { code, message: line } }, { status });
}
