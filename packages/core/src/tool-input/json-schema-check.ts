import type { JsonSchema } from "../contracts/llm.js";
import { compile, equal, hasType, isObject, show, typeName } from "./json-schema-values.js";

/** One thing wrong with a tool's arguments: where (`city`, `stops[2].name`) and what. */
export interface InputIssue {
  /** Empty for the arguments as a whole. */
  readonly path: string;
  readonly message: string;
}

/** Schemas are data from plug-ins and servers: a `$ref` cycle must not hang a run. */
const MAX_DEPTH = 64;

/**
 * Checks arguments against the JSON Schema keywords tool schemas use: type, enum, const,
 * properties, required, additionalProperties, items and prefixItems, the length and range
 * limits, pattern, allOf, anyOf, oneOf and local `$ref`s. A keyword it does not know
 * passes: the tool (an MCP server, say) validates again; the point here is to tell the
 * model, in words it can act on, what it got wrong.
 */
export function checkJsonSchema(schema: JsonSchema, value: unknown): InputIssue[] {
  return check(schema, value, "", { root: schema, depth: 0 });
}

interface Walk {
  readonly root: JsonSchema;
  readonly depth: number;
}

function check(schema: unknown, value: unknown, path: string, walk: Walk): InputIssue[] {
  if (schema === false) return [{ path, message: "is not allowed" }];
  if (!isObject(schema) || walk.depth > MAX_DEPTH) return [];
  const deeper = { root: walk.root, depth: walk.depth + 1 };
  if (typeof schema.$ref === "string") {
    const target = resolveRef(walk.root, schema.$ref);
    return target === undefined ? [] : check(target, value, path, deeper);
  }
  const typeIssue = checkType(schema.type, value, path);
  if (typeIssue) return [typeIssue];
  const issues: InputIssue[] = [];
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => equal(option, value))) {
    issues.push({ path, message: `must be one of ${schema.enum.map(show).join(", ")}` });
  }
  if ("const" in schema && !equal(schema.const, value)) {
    issues.push({ path, message: `must be ${show(schema.const)}` });
  }
  if (typeof value === "string") issues.push(...checkString(schema, value, path));
  if (typeof value === "number") issues.push(...checkNumber(schema, value, path));
  if (Array.isArray(value)) issues.push(...checkArray(schema, value, path, deeper));
  else if (isObject(value)) issues.push(...checkObject(schema, value, path, deeper));
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf) issues.push(...check(part, value, path, deeper));
  }
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = schema[key];
    if (Array.isArray(options)) issues.push(...checkOptions(options, value, path, deeper));
  }
  return issues;
}

function checkType(type: unknown, value: unknown, path: string): InputIssue | undefined {
  const types = typeof type === "string" ? [type] : Array.isArray(type) ? type : [];
  if (types.length === 0 || types.some((name) => hasType(value, name))) return undefined;
  return { path, message: `expected ${types.map(typeName).join(" or ")}, got ${show(value)}` };
}

function checkString(schema: Record<string, unknown>, value: string, path: string) {
  const issues: InputIssue[] = [];
  const length = [...value].length;
  if (typeof schema.minLength === "number" && length < schema.minLength) {
    issues.push({ path, message: `must be at least ${schema.minLength} characters long` });
  }
  if (typeof schema.maxLength === "number" && length > schema.maxLength) {
    issues.push({ path, message: `must be at most ${schema.maxLength} characters long` });
  }
  const pattern = typeof schema.pattern === "string" ? compile(schema.pattern) : undefined;
  if (pattern && !pattern.test(value)) {
    issues.push({ path, message: `must match the pattern ${schema.pattern}` });
  }
  return issues;
}

function checkNumber(schema: Record<string, unknown>, value: number, path: string) {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  const issues: InputIssue[] = [];
  // Draft 4 wrote exclusiveMinimum as a flag on minimum; later drafts as a number.
  const lowOpen = exclusiveMinimum === true;
  const highOpen = exclusiveMaximum === true;
  if (typeof minimum === "number" && (lowOpen ? value <= minimum : value < minimum)) {
    issues.push({ path, message: `must be ${lowOpen ? "more than" : "at least"} ${minimum}` });
  }
  if (typeof maximum === "number" && (highOpen ? value >= maximum : value > maximum)) {
    issues.push({ path, message: `must be ${highOpen ? "less than" : "at most"} ${maximum}` });
  }
  if (typeof exclusiveMinimum === "number" && value <= exclusiveMinimum) {
    issues.push({ path, message: `must be more than ${exclusiveMinimum}` });
  }
  if (typeof exclusiveMaximum === "number" && value >= exclusiveMaximum) {
    issues.push({ path, message: `must be less than ${exclusiveMaximum}` });
  }
  return issues;
}

function checkArray(
  schema: Record<string, unknown>,
  value: readonly unknown[],
  path: string,
  walk: Walk,
) {
  const issues: InputIssue[] = [];
  if (typeof schema.minItems === "number" && value.length < schema.minItems) {
    issues.push({ path, message: `must have at least ${schema.minItems} items` });
  }
  if (typeof schema.maxItems === "number" && value.length > schema.maxItems) {
    issues.push({ path, message: `must have at most ${schema.maxItems} items` });
  }
  // Positional items: `prefixItems` (2020-12) or an array under `items` (draft 7).
  const positional = Array.isArray(schema.prefixItems)
    ? schema.prefixItems
    : Array.isArray(schema.items)
      ? schema.items
      : [];
  const rest = Array.isArray(schema.items) ? undefined : schema.items;
  value.forEach((item, index) => {
    const itemSchema = index < positional.length ? positional[index] : rest;
    if (itemSchema !== undefined)
      issues.push(...check(itemSchema, item, `${path}[${index}]`, walk));
  });
  return issues;
}

function checkObject(
  schema: Record<string, unknown>,
  value: Record<string, unknown>,
  path: string,
  walk: Walk,
) {
  const issues: InputIssue[] = [];
  const properties = isObject(schema.properties) ? schema.properties : {};
  if (Array.isArray(schema.required)) {
    for (const name of schema.required) {
      if (typeof name === "string" && !Object.hasOwn(value, name)) {
        issues.push({ path: join(path, name), message: "is required" });
      }
    }
  }
  const known = Object.keys(properties);
  for (const [name, item] of Object.entries(value)) {
    if (Object.hasOwn(properties, name)) {
      issues.push(...check(properties[name], item, join(path, name), walk));
      continue;
    }
    // Pattern properties change which names are extra: leave those objects to the tool.
    if (schema.patternProperties !== undefined) continue;
    if (schema.additionalProperties === false) {
      const allowed = known.length > 0 ? ` (the fields are ${known.join(", ")})` : "";
      issues.push({ path: join(path, name), message: `is not a known field${allowed}` });
    } else if (isObject(schema.additionalProperties)) {
      issues.push(...check(schema.additionalProperties, item, join(path, name), walk));
    }
  }
  return issues;
}

/** anyOf and oneOf alike: one option that fits is enough (the tool can be stricter). */
function checkOptions(options: readonly unknown[], value: unknown, path: string, walk: Walk) {
  const results = options.map((option) => check(option, value, path, walk));
  if (results.some((issues) => issues.length === 0) || results.length === 0) return [];
  // Options that differ only in type read best as one line: "expected a string or null".
  const expected = options.map((option) => (isObject(option) ? option.type : undefined));
  const onlyTypes = results.every(
    (issues, index) =>
      issues.length === 1 && issues[0]?.path === path && typeof expected[index] === "string",
  );
  if (onlyTypes) {
    const names = [...new Set(expected.map((type) => typeName(String(type))))];
    return [{ path, message: `expected ${names.join(" or ")}, got ${show(value)}` }];
  }
  // Otherwise the closest option is probably the one meant.
  return results.reduce((best, issues) => (issues.length < best.length ? issues : best));
}

function join(path: string, name: string) {
  const key = /^[A-Za-z_$][\w$-]*$/.test(name) ? name : JSON.stringify(name);
  return path ? `${path}.${key}` : key;
}

/** `#`, `#/$defs/Address`, `#/definitions/a~1b`: local references only. */
function resolveRef(root: JsonSchema, ref: string): unknown {
  if (!ref.startsWith("#")) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split("/").slice(1)) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    } catch {
      return undefined;
    }
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}
