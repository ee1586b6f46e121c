import { type ErrorCode, isLangchainMiniError, LangchainMiniError } from "@langchain-mini/core";

/** What failed, for the message: "load session 'work' from", "list the sessions on". */
export interface Failure {
  readonly action: string;
  readonly where: string;
  readonly timeoutMs: number;
  /** Set when the key in question held something that is not ours. */
  readonly key?: string;
  /** It failed before the connection was open (TLS handshake and login included). */
  readonly connecting?: boolean;
}

const CHECK_RUNNING =
  "check that Redis is running there and that the store URL (--store or LANGCHAIN_MINI_STORE) points at it";

/**
 * A node-redis or socket failure as one line that says what to do: which server (never
 * the password), what went wrong, what to check. Redis's own replies are cut to their
 * first line; they never hold the password.
 */
export function storeError(error: unknown, failure: Failure): LangchainMiniError {
  if (isLangchainMiniError(error)) return error;
  const { reason, advice, code } = explain(firstFailure(error), failure);
  return new LangchainMiniError(
    code,
    `Cannot ${failure.action} Redis at ${failure.where}: ${reason}: ${advice}`,
    { cause: error },
  );
}

function explain(
  error: unknown,
  failure: Failure,
): { reason: string; advice: string; code: ErrorCode } {
  const unavailable = (reason: string, advice = CHECK_RUNNING) =>
    ({ reason, advice, code: "store_unavailable" }) as const;
  const config = (reason: string, advice: string) =>
    ({ reason, advice, code: "config_invalid" }) as const;
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? "";
  const message = firstLine(error instanceof Error ? error.message : String(error));
  const name = error instanceof Error ? error.constructor.name : "";

  if (code === "ECONNREFUSED") return unavailable("connection refused");
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return unavailable("unknown host");
  if (code === "ETIMEDOUT" || code === "EHOSTUNREACH" || code === "ENETUNREACH") {
    return unavailable(`no route to it (${code})`);
  }
  if (code === "ECONNRESET" || code === "EPIPE") return unavailable("the connection was reset");
  const tls = tlsFailure(code, message);
  if (tls) return unavailable(`TLS failed: ${tls.reason}`, tls.advice);
  if (/^(WRONGPASS|ERR invalid password|invalid password)/i.test(message)) {
    return config(
      "it refused the user name or password",
      "check the password in the store URL (--store or LANGCHAIN_MINI_STORE): redis://:password@host:port",
    );
  }
  if (/^NOAUTH/.test(message) || /^ERR AUTH .*without any password/i.test(message)) {
    return /^NOAUTH/.test(message)
      ? config(
          "it needs a password",
          "put it in the store URL (--store or LANGCHAIN_MINI_STORE): redis://:password@host:port",
        )
      : config("it has no password set, but the URL gives one", "remove the password from the URL");
  }
  if (/^NOPERM/.test(message)) {
    return config(
      `the user may not do this (${message})`,
      "grant the user the list, string and sorted-set commands on the key prefix",
    );
  }
  if (/^ERR DB index is out of range/.test(message)) {
    return config("it has no such database", "use a database number the server has, e.g. /0");
  }
  if (/^WRONGTYPE/.test(message)) {
    return config(
      `the key ${failure.key ?? "in question"} holds something that is not one of our sessions or runs`,
      "delete that key, or choose another LANGCHAIN_MINI_REDIS_PREFIX",
    );
  }
  if (/^READONLY/.test(message)) {
    return unavailable("it is a read-only replica", "point the store URL at the primary");
  }
  if (/^(LOADING|BUSY|MASTERDOWN|TRYAGAIN)/.test(message)) {
    return unavailable(`it is not ready (${message})`, "try again in a moment");
  }
  if (/^OOM/.test(message)) {
    return unavailable(
      "it is out of memory",
      "raise maxmemory or set LANGCHAIN_MINI_REDIS_TTL so that old sessions expire",
    );
  }
  if (name === "TimeoutError" || name === "ConnectionTimeoutError") {
    const within = seconds(failure.timeoutMs);
    // A plain server takes a TLS handshake for a command it waits to see the end of.
    if (failure.connecting && failure.where.startsWith("rediss:")) {
      return unavailable(
        `no TLS handshake within ${within}`,
        "check that it speaks TLS on that port (use redis:// if not) and that it is running",
      );
    }
    return unavailable(`no answer within ${within}`);
  }
  if (
    name === "SocketClosedUnexpectedlyError" ||
    name === "ClientClosedError" ||
    name === "ClientOfflineError"
  ) {
    return unavailable("the connection was lost");
  }
  return unavailable(message || "an unknown error");
}

/** A transaction that failed reports each command's reply: the first error is the reason. */
function firstFailure(error: unknown) {
  const { replies, errorIndexes } = (error ?? {}) as { replies?: unknown; errorIndexes?: unknown };
  if (!Array.isArray(replies) || !Array.isArray(errorIndexes)) return error;
  return replies[errorIndexes[0] as number] ?? error;
}

const UNTRUSTED = new Set([
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
]);

function tlsFailure(code: string, message: string) {
  if (UNTRUSTED.has(code)) {
    return {
      reason: "its certificate is not signed by a CA this machine trusts",
      advice: "set NODE_EXTRA_CA_CERTS to the file of the CA that signed it",
    };
  }
  if (code === "CERT_HAS_EXPIRED") {
    return { reason: "its certificate has expired", advice: "renew the server's certificate" };
  }
  if (code === "ERR_TLS_CERT_ALTNAME_INVALID") {
    return {
      reason: "its certificate is for another host name",
      advice: "use the host name the certificate names",
    };
  }
  if (
    /WRONG_VERSION_NUMBER|PACKET_LENGTH_TOO_LONG/.test(code) ||
    /wrong version number/i.test(message)
  ) {
    return {
      reason: "the server does not speak TLS there",
      advice: "use redis:// for a server without TLS, or the port of its TLS listener",
    };
  }
  if (code.startsWith("ERR_SSL") || code.startsWith("ERR_TLS")) {
    return { reason: message, advice: "check the server's TLS settings" };
  }
  return undefined;
}

/** Redis's replies and socket messages can run over lines; messages here are one. */
function firstLine(text: string) {
  return (text.split(/\r?\n/)[0] ?? "").replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 300);
}

function seconds(milliseconds: number) {
  return milliseconds % 1000 === 0 ? `${milliseconds / 1000} s` : `${milliseconds} ms`;
}

/** Our own timeout, raised when Redis accepts a call and never answers it. */
export class TimeoutError extends Error {
  constructor() {
    super("no answer in time");
    this.name = "TimeoutError";
  }
}
