/** Value helpers for the JSON Schema checker: types, equality, how a value reads. */

export function hasType(value: unknown, type: unknown) {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return isObject(value);
    default:
      return true;
  }
}

export function typeName(type: unknown) {
  const names: Record<string, string> = {
    string: "a string",
    number: "a number",
    integer: "an integer",
    boolean: "true or false",
    null: "null",
    array: "an array",
    object: "an object",
  };
  return (
    (typeof type === "string" && Object.hasOwn(names, type) ? names[type] : undefined) ??
    String(type)
  );
}

/** A value as the model wrote it, short: `"three"`, `42`, `an object`. */
export function show(value: unknown) {
  if (Array.isArray(value)) return "an array";
  if (isObject(value)) return "an object";
  if (value === undefined) return "nothing";
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

const patterns = new Map<string, RegExp | undefined>();

export function compile(pattern: string) {
  if (!patterns.has(pattern)) {
    let compiled: RegExp | undefined;
    try {
      compiled = new RegExp(pattern, "u");
    } catch {
      compiled = undefined;
    }
    if (patterns.size > 500) patterns.clear();
    patterns.set(pattern, compiled);
  }
  return patterns.get(pattern);
}

export function equal(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length === right.length && left.every((item, index) => equal(item, right[index]));
  }
  if (isObject(left) && isObject(right)) {
    const keys = Object.keys(left);
    return (
      keys.length === Object.keys(right).length &&
      keys.every((key) => Object.hasOwn(right, key) && equal(left[key], right[key]))
    );
  }
  return false;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
