import type { ApiError } from "@google/genai";

/** What a Gemini API error says, from the JSON body the SDK puts whole in its message. */
export interface ApiErrorBody {
  readonly httpStatus: number;
  /** The google.rpc status name, e.g. INVALID_ARGUMENT, RESOURCE_EXHAUSTED. */
  readonly status: string;
  /** The server's words as sent: core's serverLine makes them fit to show. */
  readonly message: string;
  /** The ErrorInfo reason, e.g. API_KEY_INVALID. */
  readonly reason: string;
  /** RetryInfo's delay in milliseconds, when the server named one. */
  readonly retryDelayMs: number | undefined;
  /** QuotaFailure's quota ids, e.g. GenerateRequestsPerDayPerProjectPerModel-FreeTier. */
  readonly quotaIds: readonly string[];
}

interface Detail {
  readonly "@type"?: unknown;
  readonly reason?: unknown;
  readonly retryDelay?: unknown;
  readonly violations?: unknown;
}

/**
 * The SDK throws `ApiError` with the HTTP body as its message: JSON for the API itself
 * (`{"error":{"code","message","status","details"}}`), prefixed with "got status: …" for
 * an error sent in the middle of a stream, and plain text wrapped as JSON for a server
 * that is not the API (a proxy's HTML page).
 */
export function readApiError(error: InstanceType<typeof ApiError>): ApiErrorBody {
  const start = error.message.indexOf("{");
  let parsed: unknown;
  try {
    parsed = JSON.parse(start === -1 ? error.message : error.message.slice(start));
  } catch {
    parsed = undefined;
  }
  const body = (parsed as { error?: Record<string, unknown> } | undefined)?.error ?? {};
  const details = Array.isArray(body.details) ? (body.details as Detail[]) : [];
  const ofType = (name: string) =>
    details.filter((detail) => String(detail["@type"] ?? "").endsWith(`google.rpc.${name}`));
  const violations = ofType("QuotaFailure").flatMap((detail) =>
    Array.isArray(detail.violations) ? (detail.violations as { quotaId?: unknown }[]) : [],
  );
  return {
    httpStatus: error.status,
    status: typeof body.status === "string" ? body.status : "",
    message: typeof body.message === "string" ? body.message : error.message,
    reason: String(ofType("ErrorInfo")[0]?.reason ?? ""),
    retryDelayMs: durationMs(ofType("RetryInfo")[0]?.retryDelay),
    quotaIds: violations.map((violation) => String(violation.quotaId ?? "")),
  };
}

/** A protobuf Duration as JSON: "37s", "0.5s". */
function durationMs(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^(\d+(?:\.\d+)?)s$/.exec(value.trim());
  return match ? Number(match[1]) * 1000 : undefined;
}
