import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type CreateStoreOptions,
  dataHome,
  type EnvVariable,
  LangchainMiniError,
  type SessionStore,
} from "@langchain-mini/core";
import { FileSessionStore } from "./file-session-store.js";
import { InMemorySessionStore } from "./in-memory-session-store.js";

// The plug-in contract of @langchain-mini/core for this package's two stores: what a host
// knows before calling createStore.

export const protocols: readonly string[] = ["file:", "memory:"];

export const description =
  "sessions in JSON-lines files in a directory (file:, the default), or in the process's memory (memory:)";

export const environment: readonly EnvVariable[] = [
  {
    name: "LANGCHAIN_MINI_HOME",
    description: "the data directory; file: keeps sessions in its sessions/ folder",
  },
];

/**
 * `memory:`; `file:` (the data directory's sessions/ folder); `file:<path>`, a `file://`
 * URL, or a bare path: that directory (relative to `cwd`, `~` for the home directory).
 */
export function createStore({ url, env, dataDirectory, cwd }: CreateStoreOptions): SessionStore {
  if (url === "memory:") return new InMemorySessionStore();
  if (url.startsWith("memory:")) {
    throw new LangchainMiniError(
      "config_invalid",
      `'memory:' takes nothing after it, got '${url}': sessions in memory last as long as the process`,
    );
  }
  if (url === "file:" || url === "") {
    return new FileSessionStore({ directory: join(dataDirectory ?? dataHome(env), "sessions") });
  }
  return new FileSessionStore({ directory: directoryOf(url, env.HOME, cwd) });
}

function directoryOf(url: string, home: string | undefined, cwd = process.cwd()) {
  let path = url;
  if (url.startsWith("file://")) {
    try {
      path = fileURLToPath(url);
    } catch (error) {
      throw new LangchainMiniError(
        "config_invalid",
        `'${url}' is not a file URL this system can use (${(error as Error).message}): give the directory as a path instead`,
      );
    }
  } else if (url.startsWith("file:")) path = url.slice("file:".length);
  if (path === "~" || path.startsWith("~/")) path = join(home || homedir(), path.slice(1));
  return isAbsolute(path) ? path : resolve(cwd, path);
}
