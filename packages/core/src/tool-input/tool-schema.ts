import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import { LangchainMiniError } from "../contracts/errors.js";
import type { JsonSchema } from "../contracts/llm.js";
import type { Tool } from "../contracts/tool.js";

export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  const standard = (value as { "~standard"?: { validate?: unknown } } | null)?.["~standard"];
  return typeof standard?.validate === "function";
}

/** Computed once per tool: a conversion can cost more than the rest of a step. */
const cache = new WeakMap<Tool<unknown>, JsonSchema | undefined>();

/**
 * The JSON Schema a model is shown for a typed tool, or undefined for a text tool. Throws
 * `config_invalid` for a Standard Schema that cannot describe itself and no `parameters`.
 */
export function toolParameters(tool: Tool<unknown>): JsonSchema | undefined {
  if (cache.has(tool)) return cache.get(tool);
  const schema = tool.parameters ?? describe(tool);
  // `$schema` says which draft; function-calling APIs want the schema alone.
  const parameters = schema && "$schema" in schema ? withoutDialect(schema) : schema;
  cache.set(tool, parameters);
  return parameters;
}

function describe(tool: Tool<unknown>): JsonSchema | undefined {
  const schema = tool.inputSchema;
  if (!schema || !isStandardSchema(schema)) return schema;
  const standard = schema["~standard"] as Partial<StandardJSONSchemaV1.Props>;
  const convert = standard.jsonSchema?.input;
  let lastError: unknown;
  if (typeof convert === "function") {
    // Draft 7 is what function-calling APIs and MCP servers read most widely.
    for (const target of ["draft-07", "draft-2020-12"] as const) {
      try {
        return convert({ target });
      } catch (error) {
        lastError = error;
      }
    }
  }
  const why = lastError instanceof Error ? ` (${lastError.message})` : "";
  throw new LangchainMiniError(
    "config_invalid",
    `Tool ${tool.name}: its ${schema["~standard"].vendor} input schema cannot describe itself as a JSON Schema${why}: give the tool \`parameters\` (a JSON Schema), or use a schema library that implements Standard JSON Schema, such as zod 4.2 or later`,
  );
}

function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

/**
 * Where a bare value goes: the one property of an object schema, or its one required
 * property when the others are optional.
 */
export function soleProperty(schema: JsonSchema | undefined) {
  const properties = schema?.properties;
  if (typeof properties !== "object" || properties === null) return undefined;
  const names = Object.keys(properties);
  const required = Array.isArray(schema?.required) ? schema.required : [];
  const name = names.length === 1 ? names[0] : required.length === 1 ? required[0] : undefined;
  if (typeof name !== "string" || !Object.hasOwn(properties, name)) return undefined;
  const type = (properties as Record<string, { type?: unknown } | null>)[name]?.type;
  return { name, isString: type === "string" };
}

/** A JSON object in the schema's shape, with placeholders: what to tell a model that wrote another. */
export function exampleArguments(schema: JsonSchema | undefined) {
  const properties = schema?.properties;
  if (typeof properties !== "object" || properties === null) return "{}";
  const required = Array.isArray(schema?.required) ? schema.required : [];
  const names = Object.keys(properties);
  const shown = names.filter((name) => required.includes(name));
  const fields = (shown.length > 0 ? shown : names.slice(0, 2)).map((name) => {
    const property = (properties as Record<string, unknown>)[name];
    return `${JSON.stringify(name)}: ${placeholder(property)}`;
  });
  return `{${fields.join(", ")}}`;
}

function placeholder(property: unknown) {
  const { type, enum: options } = (property ?? {}) as { type?: unknown; enum?: unknown };
  if (Array.isArray(options) && options.length > 0) return JSON.stringify(options[0]);
  const kind = Array.isArray(type) ? type[0] : type;
  switch (kind) {
    case "number":
    case "integer":
      return "1";
    case "boolean":
      return "true";
    case "array":
      return "[]";
    case "object":
      return "{}";
    default:
      return '"..."';
  }
}
