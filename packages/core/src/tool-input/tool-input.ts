import type { JsonSchema } from "../contracts/llm.js";
import type { Tool } from "../contracts/tool.js";
import { checkJsonSchema, type InputIssue } from "./json-schema-check.js";
import { parseLenientJson, unfence } from "./lenient-json.js";
import { exampleArguments, isStandardSchema, soleProperty, toolParameters } from "./tool-schema.js";

export type PreparedInput =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: string };

/** The model's mistakes are listed up to here; more would drown the one to fix first. */
const MAX_ISSUES = 6;

/**
 * Turns what the model wrote (an `Action Input`, a function call's arguments) into what
 * the tool's `execute` takes: the text itself for a text tool; for a typed tool, the
 * arguments read as JSON and validated. A failure is a message for the model: what is
 * wrong, field by field, and the shape to write instead.
 */
export async function prepareToolInput(tool: Tool<unknown>, raw: string): Promise<PreparedInput> {
  const schema = tool.inputSchema;
  if (!schema) return { ok: true, value: raw };
  let parameters: JsonSchema | undefined;
  try {
    parameters = toolParameters(tool);
  } catch {
    // The agent reports a schema without a JSON form before the run; validate without it.
  }
  const read = readArguments(raw, parameters);
  if (!read.ok) return invalid(tool, read.message, parameters);

  if (isStandardSchema(schema)) {
    let result: Awaited<ReturnType<(typeof schema)["~standard"]["validate"]>>;
    try {
      result = await schema["~standard"].validate(read.value);
    } catch (error) {
      return invalid(tool, `its schema failed: ${(error as Error)?.message ?? error}`, parameters);
    }
    if (!result.issues) return { ok: true, value: result.value };
    const issues = result.issues.map((issue) => ({
      path: formatPath(issue.path ?? []),
      message: issue.message,
    }));
    return invalid(tool, describeIssues(issues), parameters);
  }
  const issues = checkJsonSchema(schema, read.value);
  if (issues.length === 0) return { ok: true, value: read.value };
  return invalid(tool, describeIssues(issues), parameters);
}

/**
 * The arguments as JSON, leniently. A bare value (`Paris`, `"Paris"`, `42`) where the schema
 * has a single field is that field's value: models often write just the value.
 */
function readArguments(raw: string, parameters: JsonSchema | undefined) {
  const text = unfence(raw.trim());
  // An empty input is no arguments at all, for tools that take none.
  if (text === "") return { ok: true, value: {} } as const;
  const sole = soleProperty(parameters);
  const parsed = parseLenientJson(text);
  if (parsed.ok && isPlainObject(parsed.value)) return parsed;
  if (sole?.isString) {
    const value = parsed.ok && typeof parsed.value === "string" ? parsed.value : text;
    return { ok: true, value: { [sole.name]: value } } as const;
  }
  if (sole && parsed.ok) return { ok: true, value: { [sole.name]: parsed.value } } as const;
  if (parsed.ok) return { ok: true, value: parsed.value } as const;
  return { ok: false, message: `the input is not valid JSON (${parsed.message})` } as const;
}

function invalid(tool: Tool<unknown>, problem: string, parameters: JsonSchema | undefined) {
  return {
    ok: false,
    message: `Tool ${tool.name} did not run: ${problem}. Give the input as one JSON object, like ${exampleArguments(parameters)}.`,
  } as const;
}

function describeIssues(issues: readonly InputIssue[]) {
  const listed = issues.slice(0, MAX_ISSUES).map(({ path, message }) => {
    return path ? `${path}: ${message}` : message;
  });
  const more = issues.length > MAX_ISSUES ? `; and ${issues.length - MAX_ISSUES} more` : "";
  return `the input is invalid: ${listed.join("; ")}${more}`;
}

type PathSegment = PropertyKey | { readonly key: PropertyKey };

function formatPath(path: readonly PathSegment[]) {
  let result = "";
  for (const segment of path) {
    const key = typeof segment === "object" ? segment.key : segment;
    if (typeof key === "number") result += `[${key}]`;
    else result += result ? `.${String(key)}` : String(key);
  }
  return result;
}

function isPlainObject(value: unknown) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
