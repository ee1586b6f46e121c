import { dirname, resolve } from "node:path";
import {
  LangchainMiniError,
  type PluginEnv,
  readTextFile,
  textFileProblem,
} from "@langchain-mini/core";
import { expandVariables } from "./expand-variables.js";

/** A server started as a child process, speaking MCP over its stdin and stdout. */
export interface StdioServer {
  readonly kind: "stdio";
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  /** Added to a minimal environment (PATH, HOME, …): the host's secrets are not passed on. */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
}

/** A server at a URL: Streamable HTTP, falling back to the older SSE transport. */
export interface HttpServer {
  readonly kind: "http";
  readonly name: string;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  /** `auto` tries Streamable HTTP first; `sse` goes straight to SSE. */
  readonly transport: "auto" | "streamable-http" | "sse";
}

export type ServerConfig = StdioServer | HttpServer;

export const SHAPE =
  '{"mcpServers": {"<name>": {"command": "…", "args": […], "env": {…}, "cwd": "…"} or {"url": "…", "headers": {…}}}}';

/**
 * The servers that LANGCHAIN_MINI_MCP names: a JSON file in the format other MCP clients
 * use, or that JSON itself. Undefined when it is not set. Relative `cwd`s are relative to
 * the file; `${NAME}` and `${NAME:-default}` in values come from `env`.
 */
export async function readMcpConfig(env: PluginEnv, cwd = process.cwd(), signal?: AbortSignal) {
  const value = env.LANGCHAIN_MINI_MCP?.trim();
  if (!value) return undefined;
  if (value.startsWith("{")) return parseMcpConfig(value, "LANGCHAIN_MINI_MCP", cwd, env);
  const path = resolve(cwd, value);
  let text: string;
  try {
    text = await readTextFile(path, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    const reason = textFileProblem(error);
    throw invalid(
      `Cannot read the MCP configuration ${path}: ${reason}: give a JSON file ${SHAPE}`,
    );
  }
  return parseMcpConfig(text, path, dirname(path), env);
}

export function parseMcpConfig(
  text: string,
  source: string,
  baseDirectory: string,
  env: PluginEnv,
): ServerConfig[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw invalid(
      `The MCP configuration ${source} is not valid JSON (${(error as Error).message}): it must be ${SHAPE}`,
    );
  }
  const servers = isRecord(parsed) ? parsed.mcpServers : undefined;
  if (!isRecord(servers)) throw invalid(`The MCP configuration ${source} must be ${SHAPE}`);
  const result: ServerConfig[] = [];
  for (const [name, entry] of Object.entries(servers)) {
    const where = `MCP server "${name}" in ${source}`;
    if (!isRecord(entry)) throw invalid(`${where} must be an object with "command" or "url"`);
    // Other clients' switch for a server kept in the file but not used.
    if (entry.disabled === true) continue;
    const expand = (value: string, field: string) =>
      expandVariables(value, env, (variable) =>
        invalid(
          `${where}: ${field} uses \${${variable}}, which is not set: set it in the environment or .env, or write \${${variable}:-default}`,
        ),
      );
    result.push(readServer(name, entry, { where, baseDirectory, expand }));
  }
  return result;
}

interface ReadContext {
  readonly where: string;
  readonly baseDirectory: string;
  readonly expand: (value: string, field: string) => string;
}

function readServer(name: string, entry: Record<string, unknown>, context: ReadContext) {
  const { where, expand } = context;
  const type = entry.type ?? entry.transport;
  const hasCommand = entry.command !== undefined;
  const hasUrl = entry.url !== undefined;
  if (hasCommand === hasUrl) {
    throw invalid(`${where} needs either "command" (a local server) or "url" (a remote one)`);
  }
  if (hasCommand) {
    if (type !== undefined && type !== "stdio") {
      throw invalid(`${where} has a "command", so its "type" can only be "stdio"`);
    }
    const command = expand(text(entry.command, `${where}: "command"`), "command");
    const args = list(entry.args, `${where}: "args"`).map((arg) => expand(arg, "args"));
    const env = mapOf(entry.env, `${where}: "env"`, (value, key) => expand(value, `env.${key}`));
    const cwd =
      entry.cwd === undefined
        ? undefined
        : resolve(context.baseDirectory, expand(text(entry.cwd, `${where}: "cwd"`), "cwd"));
    return { kind: "stdio", name, command, args, env, ...(cwd ? { cwd } : {}) } as const;
  }
  const transport = transportOf(type, where);
  const address = expand(text(entry.url, `${where}: "url"`), "url");
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw invalid(`${where}: "url" is not a URL: write it in full, e.g. http://127.0.0.1:3001/mcp`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw invalid(`${where}: "url" must start with http:// or https://`);
  }
  // Header values are often secrets: they never appear in a message.
  const headers = mapOf(entry.headers, `${where}: "headers"`, (value, key) =>
    expand(value, `the header ${key}`),
  );
  return { kind: "http", name, url, headers, transport } as const;
}

function transportOf(type: unknown, where: string): HttpServer["transport"] {
  if (type === undefined || type === "http") return "auto";
  if (type === "sse") return "sse";
  if (type === "streamable-http" || type === "streamableHttp") return "streamable-http";
  throw invalid(
    `${where}: "type" must be "http", "streamable-http" or "sse" for a server with a "url"`,
  );
}

function text(value: unknown, what: string) {
  if (typeof value !== "string" || !value.trim())
    throw invalid(`${what} must be a non-empty string`);
  return value;
}

function list(value: unknown, what: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
    throw invalid(`${what} must be an array of strings`);
  }
  return value;
}

function mapOf(
  value: unknown,
  what: string,
  convert: (value: string, key: string) => string,
): Record<string, string> {
  if (value === undefined) return {};
  if (!isRecord(value)) throw invalid(`${what} must be an object of strings`);
  const result: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    // Numbers and booleans are what people mean as text ("PORT": 3000).
    if (typeof item !== "string" && typeof item !== "number" && typeof item !== "boolean") {
      throw invalid(`${what}: "${key}" must be a string`);
    }
    Object.defineProperty(result, key, {
      value: convert(String(item), key),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function invalid(message: string) {
  return new LangchainMiniError("config_invalid", message);
}
