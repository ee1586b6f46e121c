/**
 * The value with `redact` applied to every string in it, at any depth. Objects and arrays
 * are copied only where a string changed, so an event without secrets costs no copy.
 */
export function redactStrings<Value>(value: Value, redact: (text: string) => string): Value {
  if (typeof value === "string") return redact(value) as Value;
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const clean = redactStrings(item, redact);
      if (clean !== item) {
        copy ??= value.slice();
        copy[index] = clean;
      }
    }
    return (copy ?? value) as Value;
  }
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const item = record[key];
    const clean = redactStrings(item, redact);
    if (clean !== item) {
      copy ??= { ...record };
      copy[key] = clean;
    }
  }
  return (copy ?? value) as Value;
}

/** An event with `redact` applied to every string in it but its type, which is one of ours. */
export function redactEventStrings<Event extends { readonly type: string }>(
  event: Event,
  redact: (text: string) => string,
): Event {
  let copy: Record<string, unknown> | undefined;
  const record = event as unknown as Record<string, unknown>;
  for (const key in record) {
    if (key === "type") continue;
    const item = record[key];
    const clean = redactStrings(item, redact);
    if (clean !== item) {
      copy ??= { ...record };
      copy[key] = clean;
    }
  }
  return (copy ?? event) as Event;
}
