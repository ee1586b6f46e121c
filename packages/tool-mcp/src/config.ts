import { dirname, resolve } from "node:path";
import { LangchainMiniError, type PluginEnv } from "@langchain-mini/core";
import { readTextFile, textFileProblem } from "@langchain-mini/core/files";
import { expandVariables } from "./expand-variables.js";
import { passesToEveryServer } from "./server-environment.js";

/** A server started as a child process, speaking MCP over its stdin and stdout. */
export interface StdioServer {
  readonly kind: "stdio";
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  /**
   * Added to the environment every server gets (PATH, HOME, the proxy and certificate
   * settings, …): the host's secrets are not passed on.
   */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** Credentials in its settings: the values of `env` and of the variables expanded into them. */
  readonly secrets: readonly string[];
}

/** A server at a URL: Streamable HTTP, falling back to the older SSE transport. */
export interface HttpServer {
  readonly kind: "http";
  readonly name: string;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  /** `auto` tries Streamable HTTP first; `sse` goes straight to SSE. */
  readonly transport: "auto" | "streamable-http" | "sse";
  /** Credentials in its settings: header values, the URL's user and password, expanded variables. */
  readonly secrets: readonly string[];
}

export type ServerConfig = StdioServer | HttpServer;

const NONE: ReadonlySet<string> = new Set();
/** The fields of a server whose value decides what runs, or where its credentials go. */
const CHOOSES_WHAT_RUNS = new Set(["command", "args", "cwd", "url"]);

export const SHAPE =
  '{"mcpServers": {"<name>": {"command": "…", "args": […], "env": {…}, "cwd": "…"} or {"url": "…", "headers": {…}}}}';

/**
 * The servers that LANGCHAIN_MINI_MCP names: a JSON file in the format other MCP clients
 * use, or that JSON itself. Undefined when it is not set. Relative `cwd`s are relative to
 * the file; `${NAME}` and `${NAME:-default}` in values come from `env`, but a server's
 * command, arguments, directory and URL not from the `untrusted` ones (settings only an
 * untrusted folder's `.env` gave: `PluginContext.untrustedVariables`).
 */
export async function readMcpConfig(
  env: PluginEnv,
  cwd = process.cwd(),
  signal?: AbortSignal,
  untrusted: ReadonlySet<string> = NONE,
) {
  const value = env.LANGCHAIN_MINI_MCP?.trim();
  if (!value) return undefined;
  if (value.startsWith("{"))
    return parseMcpConfig(value, "LANGCHAIN_MINI_MCP", cwd, env, untrusted);
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
  return parseMcpConfig(text, path, dirname(path), env, untrusted);
}

export function parseMcpConfig(
  text: string,
  source: string,
  baseDirectory: string,
  env: PluginEnv,
  untrusted: ReadonlySet<string> = NONE,
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
    const secrets = new Set<string>();
    const expand = (value: string, field: string) =>
      expandVariables(
        value,
        env,
        (variable) =>
          invalid(
            `${where}: ${field} uses \${${variable}}, which is not set: set it in the environment or .env, or write \${${variable}:-default}`,
          ),
        (variable, expanded) => {
          // What starts a program, or where the server's keys are sent, is the user's
          // choice: never that of a folder's .env the user has not trusted.
          if (untrusted.has(variable) && CHOOSES_WHAT_RUNS.has(field)) {
            throw invalid(
              `${where}: ${field} uses \${${variable}}, which only this folder's .env sets, and a folder you have not trusted may not choose a server's command, arguments, directory or URL: set ${variable} in your environment, or trust the folder (--trust)`,
            );
          }
          // A token is usually given this way; HOME or PATH, which every server gets, is none.
          if (!passesToEveryServer(variable)) secrets.add(expanded);
        },
      );
    result.push(readServer(name, entry, { where, baseDirectory, expand, secrets }));
  }
  return result;
}

interface ReadContext {
  readonly where: string;
  readonly baseDirectory: string;
  readonly expand: (value: string, field: string) => string;
  /** Where the server's credentials are collected. */
  readonly secrets: Set<string>;
}

function readServer(
  name: string,
  entry: Record<string, unknown>,
  context: ReadContext,
): ServerConfig {
  const { where, expand, secrets } = context;
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
    // What a server is given in its environment is how it is given its keys.
    for (const value of Object.values(env)) secrets.add(value);
    const cwd =
      entry.cwd === undefined
        ? undefined
        : resolve(context.baseDirectory, expand(text(entry.cwd, `${where}: "cwd"`), "cwd"));
    const found = [...secrets];
    return { kind: "stdio", name, command, args, env, ...(cwd ? { cwd } : {}), secrets: found };
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
  for (const value of Object.values(headers))
    for (const part of credentialsOf(value)) secrets.add(part);
  moveUserInfo(url, headers, secrets);
  return { kind: "http", name, url, headers, transport, secrets: [...secrets] };
}

/**
 * A URL's `user:password@` as the Basic authorization it means (fetch refuses URLs that
 * hold credentials), unless an Authorization header is given; the URL keeps neither.
 */
function moveUserInfo(url: URL, headers: Record<string, string>, secrets: Set<string>) {
  if (!url.username && !url.password) return;
  const user = decoded(url.username);
  const password = decoded(url.password);
  const basic = `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
  for (const part of [url.username, user, url.password, password, ...credentialsOf(basic)]) {
    if (part) secrets.add(part);
  }
  url.username = "";
  url.password = "";
  if (!Object.keys(headers).some((key) => key.toLowerCase() === "authorization")) {
    headers.Authorization = basic;
  }
}

/** A header value, and the credentials of `<scheme> <credentials>` (Bearer, Basic, …) alone. */
function credentialsOf(value: string) {
  const credentials = /^[A-Za-z][\w-]*\s+(\S.*)$/.exec(value.trim())?.[1];
  return credentials ? [value.trim(), credentials] : [value.trim()];
}

function decoded(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
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
