/** A JSON Schema, as tools declare their arguments. */
export type ParametersSchema = { readonly [key: string]: unknown };

type Schema = Record<string, unknown>;

/** Nested objects past this depth read as `object`: the prompt stays short. */
const MAX_INLINE_DEPTH = 2;
const MAX_OPTIONS = 8;
const MAX_CALLS = 24;

/**
 * How the ReAct prompt shows a typed tool's arguments: the JSON shape in a TypeScript-like
 * notation models read well, then one line per documented field, e.g.
 *
 *     Action Input: a JSON object {"a": number, "note"?: string}
 *       a: the first number
 *       note: shown beside the result (default "")
 */
export function describeParameters(schema: ParametersSchema) {
  const properties = propertiesOf(schema);
  if (Object.keys(properties).length === 0) return "  Action Input: {} (it takes no arguments)";
  const lines = [`  Action Input: a JSON object ${typeText(schema, schema, 0)}`];
  for (const [name, property] of Object.entries(properties)) {
    const notes = fieldNotes(schema, property);
    if (notes) lines.push(`    ${name}: ${notes}`);
  }
  return lines.join("\n");
}

function fieldNotes(root: Schema, property: unknown) {
  const field = resolve(root, property);
  const description =
    typeof field.description === "string" ? oneLine(field.description) : undefined;
  const fallback = typeof field.title === "string" ? oneLine(field.title) : undefined;
  const notes = description ?? fallback ?? "";
  if (!("default" in field)) return notes;
  const defaultText = `(default ${JSON.stringify(field.default)})`;
  return notes ? `${notes} ${defaultText}` : defaultText;
}

/** `depth` counts nested objects (what the reader sees); `calls` any recursion (cycles through arrays). */
function typeText(root: Schema, node: unknown, depth: number, calls = 0): string {
  if (calls > MAX_CALLS) return "any";
  const schema = resolve(root, node);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return options(schema.enum);
  if ("const" in schema) return JSON.stringify(schema.const);
  const alternatives = [schema.anyOf, schema.oneOf].find(Array.isArray);
  if (alternatives) {
    const texts = alternatives.map((option) => typeText(root, option, depth, calls + 1));
    return [...new Set(texts)].join(" | ");
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const texts = types.map((type) => typeName(root, schema, type, depth, calls + 1));
  return [...new Set(texts)].join(" | ");
}

function typeName(
  root: Schema,
  schema: Schema,
  type: unknown,
  depth: number,
  calls: number,
): string {
  if (type === "array") {
    const item = typeText(root, schema.items, depth, calls);
    return item.includes(" ") && !item.startsWith("{") ? `(${item})[]` : `${item}[]`;
  }
  if (type === "object" || (type === undefined && isSchema(schema.properties))) {
    const properties = propertiesOf(schema);
    const names = Object.keys(properties);
    if (names.length === 0 || depth >= MAX_INLINE_DEPTH) return "object";
    const required = Array.isArray(schema.required) ? schema.required : [];
    const fields = names.map((name) => {
      const optional = required.includes(name) ? "" : "?";
      return `${JSON.stringify(name)}${optional}: ${typeText(root, properties[name], depth + 1, calls)}`;
    });
    return `{${fields.join(", ")}}`;
  }
  return typeof type === "string" ? type : "any";
}

/** Local `$ref`s (`#/$defs/…`) are followed a few hops; a cycle stops there. */
function resolve(root: Schema, node: unknown): Schema {
  let schema = isSchema(node) ? node : {};
  for (let hops = 0; typeof schema.$ref === "string" && hops < 8; hops++) {
    const target = pointer(root, schema.$ref);
    if (!isSchema(target)) break;
    schema = target;
  }
  return schema;
}

function pointer(root: Schema, ref: string): unknown {
  if (!ref.startsWith("#")) return undefined;
  let node: unknown = root;
  for (const key of ref.slice(1).split("/").slice(1)) {
    const name = key.replace(/~1/g, "/").replace(/~0/g, "~");
    node = isSchema(node) && Object.hasOwn(node, name) ? node[name] : undefined;
  }
  return node;
}

function propertiesOf(schema: Schema): Schema {
  return isSchema(schema.properties) ? schema.properties : {};
}

function options(values: readonly unknown[]) {
  const shown = values.slice(0, MAX_OPTIONS).map((value) => JSON.stringify(value));
  return values.length > MAX_OPTIONS ? `${shown.join(" | ")} | ...` : shown.join(" | ");
}

function oneLine(text: string) {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
