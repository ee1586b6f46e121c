import { type SessionStore, storeContractProblem } from "@langchain-mini/core";
import { BUILT_IN_STORES, DEFAULT_STORE } from "../plugins/built-ins.js";
import { callFactory, loadStore } from "../plugins/load-plugin.js";
import { messageOf } from "../plugins/locate-module.js";
import type { Env } from "./env.js";
import { type HostContext, pluginContext } from "./host-context.js";
import { usageError } from "./usage-error.js";

export const STORE_HELP = `--store <url>      where sessions and run journals live (or LANGCHAIN_MINI_STORE): a
                     directory or file: (the default: LANGCHAIN_MINI_HOME/sessions), memory:
                     (this process only), redis://[[user]:password@]host[:port][/db] or
                     rediss://… (shared by every process and machine), or a store package
                     or file: <module>[:<url>]`;

export interface StoreChoice {
  readonly store: SessionStore;
  /** Where the sessions are, for messages: a directory, or the URL without its password. */
  readonly where: string;
}

/**
 * `--store` wins over LANGCHAIN_MINI_STORE by standing in for it in the host's
 * environment: plug-ins, traces and the redactor (which blanks its password) see one value.
 */
export function storeFlag(env: Env, flag: string | undefined): Env {
  return flag === undefined ? env : { ...env, LANGCHAIN_MINI_STORE: flag };
}

/**
 * LANGCHAIN_MINI_STORE (or `--store`, through `storeFlag`), else the file store. A built-in protocol
 * (file:, memory:, redis:, rediss:) picks its module; a path is the file store's
 * directory; anything else names a store package or file, then optionally its URL. Every
 * one goes through the one plug-in loader. Stores connect on their first call, so a
 * server that is down costs a warning later, not the start.
 */
export async function chooseStore(host: HostContext): Promise<StoreChoice> {
  const given = host.env.LANGCHAIN_MINI_STORE?.trim() || DEFAULT_STORE;
  const { name, url } = parseStoreSpec(given);
  const plugin = await loadStore(name, host).catch((error: unknown) => {
    // A bare word is a package name; a directory needs a path.
    if (/^Unknown session store/.test(messageOf(error)) && !name.includes("/")) {
      throw usageError(`${messageOf(error)}; a directory is written as a path: ./${name}`);
    }
    throw error;
  });
  const verdict = plugin.availability(host.env);
  if (!verdict.available) throw usageError(verdict.reason);
  const made = await callFactory(
    `createStore of '${name}'`,
    () => plugin.createStore({ ...pluginContext(host), url }),
    withoutPassword,
  );
  const problem = storeContractProblem(made);
  if (problem) {
    throw usageError(`createStore of '${name}' did not return a session store: ${problem}`);
  }
  const store = made as SessionStore;
  return { store, where: whereOf(store, url || name) };
}

/** Which module, and the URL it is given. */
export function parseStoreSpec(spec: string): { name: string; url: string } {
  const protocol = /^([a-z][a-z0-9+.-]*:)/i.exec(spec)?.[1]?.toLowerCase();
  if (protocol && BUILT_IN_STORES.has(protocol)) return { name: protocol, url: spec };
  // A module file before a directory: ./my-store.js[:<url>].
  const file = /^((?:\.{0,2}\/|~\/).*?\.[cm]?js)(?::(.*))?$/.exec(spec);
  if (file?.[1]) return { name: file[1], url: file[2] ?? "" };
  if (/^(\.{1,2}|~)?(\/|$)/.test(spec)) return { name: DEFAULT_STORE, url: spec };
  if (protocol && /^[a-z][a-z0-9+.-]*:\/\//i.test(spec)) {
    throw usageError(
      `No built-in session store for ${protocol}// URLs: use file:, memory:, redis:// or rediss://, or name the store package that serves them: --store <package>:${protocol}//…`,
    );
  }
  // <package>[:<url>], the package possibly scoped (@scope/name).
  const module = /^((?:@[^/:]+\/)?[^:]+)(?::(.*))?$/.exec(spec);
  return { name: module?.[1] ?? spec, url: module?.[2] ?? "" };
}

function whereOf(store: SessionStore, url: string) {
  // The built-in stores say where they are; any other is described by its URL.
  const { directory, where } = store as { directory?: unknown; where?: unknown };
  if (typeof directory === "string") return directory;
  if (typeof where === "string") return where;
  // "memory:" reads "No sessions yet in memory".
  return withoutPassword(url).replace(/:$/, "");
}

/** A URL's password never reaches a message. */
export function withoutPassword(text: string) {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^:/?#@\s]*:)[^@\s/]*@/gi, "$1***@");
}
