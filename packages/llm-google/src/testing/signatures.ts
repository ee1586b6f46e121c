/**
 * The fake's thought signatures: opaque to clients like Gemini's, but checkable without
 * state (a real one encrypts the model's thoughts; this one just names the call).
 */
export function signatureFor(call: { readonly name: string; readonly args: unknown }): string {
  return Buffer.from(JSON.stringify(["fake-thought", call.name, canonical(call.args)])).toString(
    "base64",
  );
}

export function isSignatureFor(
  signature: unknown,
  call: { readonly name?: unknown; readonly args?: unknown } | undefined,
): boolean {
  if (typeof signature !== "string" || !call || typeof call.name !== "string") return false;
  return signature === signatureFor({ name: call.name, args: call.args ?? {} });
}

/** The same arguments in any key order sign the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([left], [right]) => (left < right ? -1 : 1))
      .map(([key, inner]) => [key, canonical(inner)]),
  );
}
