/**
 * The first error code in the cause chain, e.g. `ECONNREFUSED`; empty when there is none.
 * fetch hides the socket's code two levels down.
 */
export function connectionFailureCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[A-Z][A-Z0-9_]+$/.test(code)) return code;
    current = current.cause;
  }
  return "";
}

/** A certificate or TLS handshake failure: a wrong scheme, or a certificate not trusted. */
export function isTlsFailure(code: string): boolean {
  return /^(?:ERR_SSL_|ERR_TLS_|EPROTO$|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/.test(code);
}

/** The host's name did not resolve. */
export function isHostLookupFailure(code: string): boolean {
  return code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME";
}

/**
 * A connection failure that will fail the same way next time (a refused connection, an
 * unknown host, a bad certificate), so retrying only keeps the user waiting. EAI_AGAIN
 * is a resolver that did not answer in time: that one may pass.
 */
export function isPermanentConnectionFailure(code: string): boolean {
  return code === "ECONNREFUSED" || code === "ENOTFOUND" || isTlsFailure(code);
}
