/** What the model reads of one result at most: a whole file or page would fill its context. */
export const MAX_OBSERVATION = 100_000;

/** A tool call's result, as the MCP SDK gives it (content blocks of any kind). */
export interface ToolResult {
  readonly content?: readonly unknown[];
  readonly structuredContent?: unknown;
  readonly isError?: boolean;
}

/**
 * A result in words: text as it is, every other kind of content (images, audio, links,
 * embedded resources, structured content) named and summarised rather than dropped.
 */
export function describeResult(result: ToolResult): string {
  const parts: string[] = [];
  const texts: string[] = [];
  for (const block of result.content ?? []) {
    const described = describeBlock(block);
    parts.push(described.text);
    if (described.isText) texts.push(described.text);
  }
  const structured = result.structuredContent;
  if (structured !== undefined && !saysTheSame(texts, structured)) {
    parts.push(`Structured result: ${JSON.stringify(structured)}`);
  }
  const text = parts.join("\n").trim();
  if (!text) return result.isError ? "" : "(the tool returned nothing)";
  return cut(text);
}

function describeBlock(block: unknown): { text: string; isText: boolean } {
  const item = (typeof block === "object" && block !== null ? block : {}) as Record<
    string,
    unknown
  >;
  const type = typeof item.type === "string" ? item.type : "unknown";
  switch (type) {
    case "text":
      return { text: String(item.text ?? ""), isText: true };
    case "image":
    case "audio":
      return { text: `[${type}: ${kindAndSize(item.mimeType, item.data)}]`, isText: false };
    case "resource_link": {
      const about = typeof item.description === "string" ? `: ${item.description}` : "";
      const mime = typeof item.mimeType === "string" ? ` (${item.mimeType})` : "";
      return { text: `[link to ${label(item)}${mime}${about}]`, isText: false };
    }
    case "resource":
      return { text: describeResource(item.resource), isText: false };
    default:
      return { text: `[${type} content]`, isText: false };
  }
}

function describeResource(value: unknown) {
  const resource = (typeof value === "object" && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  const uri = String(resource.uri ?? "an unnamed resource");
  const mime = typeof resource.mimeType === "string" ? ` (${resource.mimeType})` : "";
  if (typeof resource.text === "string") return `[resource ${uri}${mime}]\n${resource.text}`;
  return `[resource ${uri}: ${kindAndSize(resource.mimeType, resource.blob)}]`;
}

function label(item: Record<string, unknown>) {
  const name = typeof item.name === "string" ? item.name : undefined;
  const uri = typeof item.uri === "string" ? item.uri : "an unnamed resource";
  return name && name !== uri ? `${name} <${uri}>` : uri;
}

/** `image/png, 1.2 kB`: base64 carries 3 bytes in every 4 characters. */
function kindAndSize(mimeType: unknown, data: unknown) {
  const kind = typeof mimeType === "string" ? mimeType : "unknown type";
  if (typeof data !== "string") return kind;
  const bytes = Math.floor((data.replace(/=+$/, "").length * 3) / 4);
  return `${kind}, ${formatBytes(bytes)}`;
}

function formatBytes(bytes: number) {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/**
 * Servers are asked to repeat structured content as text, as JSON or in their own words
 * (`{"content": "hello"}` beside the text `hello`): shown again, it would only cost tokens.
 */
function saysTheSame(texts: readonly string[], structured: unknown) {
  if (texts.length === 0) return false;
  const all = texts.join("\n");
  if (texts.some((text) => sameJson(text, structured))) return true;
  const values = leaves(structured, []).slice(0, 200);
  return values.length > 0 && values.every((value) => all.includes(value));
}

function leaves(value: unknown, into: string[]): string[] {
  if (Array.isArray(value)) for (const item of value) leaves(item, into);
  else if (typeof value === "object" && value !== null) {
    for (const item of Object.values(value)) leaves(item, into);
  } else if (value !== null && value !== undefined && String(value).trim()) {
    into.push(String(value).trim());
  }
  return into;
}

function sameJson(text: string, value: unknown) {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
}

function cut(text: string) {
  if (text.length <= MAX_OBSERVATION) return text;
  const rest = text.length - MAX_OBSERVATION;
  return `${text.slice(0, MAX_OBSERVATION)}\n[… ${rest} more characters cut]`;
}
