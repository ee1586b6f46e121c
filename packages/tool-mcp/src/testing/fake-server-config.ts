import { fileURLToPath } from "node:url";

/** How the fake server misbehaves; by default it is a plain, polite server. */
export interface FakeServerBehaviour {
  /** Variables that must reach it: without them it fails as npx does without its CA. */
  readonly requireEnv?: readonly string[];
  /** Lines it writes to stderr first. */
  readonly stderr?: readonly string[];
  /** Lines it writes to stdout first, among the MCP messages (as servers that log there do). */
  readonly stdout?: readonly string[];
  /** Ends with this status once it has written them, before answering anything. */
  readonly exitAtStart?: number;
  /** Its reply to tools/list, as it is (it may be anything). */
  readonly toolsList?: unknown;
  readonly ignoreSigterm?: boolean;
  /** Keeps running after its stdin closes. */
  readonly ignoreEof?: boolean;
  /** Starts a helper process of its own, which ignores SIGTERM. */
  readonly grandchild?: boolean;
  /** Where it appends its pid and its helper's, one a line. */
  readonly pidFile?: string;
}

/**
 * A configuration entry: the fake MCP server over stdio (tools `echo`, `environment`,
 * which returns its environment as JSON, `huge`, a text of `bytes` bytes, and `invalid`,
 * whose result MCP does not allow).
 */
export function fakeStdioServer(behaviour: FakeServerBehaviour = {}) {
  return { command: process.execPath, args: [fakeServerPath(), JSON.stringify(behaviour)] };
}

/** The script, run from the sources in this workspace's tests (Node strips the types), from dist once built. */
export function fakeServerPath() {
  const extension = import.meta.url.endsWith(".ts") ? "ts" : "js";
  return fileURLToPath(new URL(`./fake-server.${extension}`, import.meta.url));
}
