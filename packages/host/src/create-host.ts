import { join, resolve } from "node:path";
import {
  dataHome,
  type Llm,
  type PluginNotice,
  type RunJournal,
  type SessionStore,
  type SetupProgress,
} from "@langchain-mini/core";
import { InMemorySessionStore } from "@langchain-mini/memory";
import { Secrets } from "./boundary/secrets.js";
import type { Env } from "./config/env.js";
import type { HostContext } from "./config/host-context.js";
import { chooseLlm } from "./config/llm-choice.js";
import { buildRuntime, checkPriced, dollars, type RuntimeOptions } from "./config/runtime.js";
import { chooseStore, type StoreChoice } from "./config/store-choice.js";
import { type BundledModules, pluginHome } from "./plugins/locate-module.js";
import { keepDaysSetting } from "./runs/run-list.js";
import type { LogEvent } from "./session/observe-run.js";
import { createSession, logOutsideRuns, type Session } from "./session/session.js";
import { openTrace, type TraceWriter } from "./trace/trace-writer.js";

export interface HostOptions {
  /**
   * The settings plug-ins read (keys, base URLs, LANGCHAIN_MINI_*): for a command run
   * from a shell, the environment over what the folder's `.env` may set
   * (`folderSettings`). Nothing is read from `process.env`.
   */
  readonly env: Env;
  /** Where relative paths (`--mcp`, `script:`, a trace) and project packages start. */
  readonly cwd: string;
  /** Downloads, sessions, plug-ins; default LANGCHAIN_MINI_HOME or the XDG data folder. */
  readonly dataDirectory?: string;
  /** Ends set-up work that takes long (a model download). */
  readonly signal?: AbortSignal;
  /** Set-up work a plug-in reports (a model download). */
  readonly onProgress?: (progress: SetupProgress) => void;
  /**
   * Settings in `env` that only an untrusted folder's `.env` gave (`folderSettings`):
   * plug-ins may not let them choose a command to start.
   */
  readonly untrustedVariables?: ReadonlySet<string>;
  /**
   * For a program that bundles the built-in providers, tools and stores: how to load each
   * (see `BundledModules`). Without it they are looked up beside the host, as installed.
   */
  readonly bundled?: BundledModules;
}

export interface SessionOptions extends RuntimeOptions {
  /** `--session`: the stored conversation to continue; default one kept in memory. */
  readonly session?: string;
  /**
   * Where stored conversations live: a store, or "configured" for the one the settings
   * name (LANGCHAIN_MINI_STORE, else the file store in the data directory). Default:
   * "configured" with a `session`, none (memory only) without.
   */
  readonly store?: SessionStore | "configured";
  /**
   * Where runs are journaled, so that they can be resumed (`Session.resume`): by default
   * (true) the store's journal when it keeps one, else the configured store's (the file
   * store in the data directory unless the settings name another); a journal of the
   * program's own; or false (`--no-journal`): none.
   */
  readonly journal?: boolean | RunJournal;
  /** `--history`: buffer, window[:turns], tokens[:budget] or summary. */
  readonly history?: string;
  /**
   * `--session-max-cost`: US dollars this session's runs may spend together (needs the
   * model's price). A run whose next LLM call could pass it stops (`budget_exceeded`).
   */
  readonly sessionMaxCost?: number | string;
  /** What starts this session's runs when not a command line (`serve`): kept in their journals. */
  readonly via?: string;
  /** `--trace`: every run's events as JSON lines in this file (else LANGCHAIN_MINI_TRACE's folder, a file per run). */
  readonly trace?: string;
  /** Warnings that belong to no run: a trace that cannot be written. */
  readonly onWarning?: (message: string) => void;
  /** Plug-ins' log lines outside any run (an MCP server's stderr at start-up), blanked. */
  readonly onLog?: (event: LogEvent) => void;
  /** Ends this session's set-up work (a model download); default the host's. */
  readonly signal?: AbortSignal;
  /** This session's set-up work (a model download); default the host's. */
  readonly onProgress?: (progress: SetupProgress) => void;
}

/**
 * One user's configuration made live: their settings, secrets, plug-ins and the servers
 * those start. Front ends open sessions on it and render their runs. Two hosts in one
 * process share nothing.
 */
export interface Host extends HostContext {
  openSession(options?: SessionOptions): Promise<Session>;
  /** The store the settings name, for listing and deleting stored conversations. */
  openStore(): Promise<StoreChoice>;
  /**
   * A model by its `--llm` spec, priced and sized as a session's is, for a program's own
   * calls outside any run (an eval's judge).
   */
  openLlm(spec: string): Promise<Llm>;
  /** Closes every session it opened (their MCP servers, stores and traces). */
  close(): Promise<void>;
}

export function createHost(options: HostOptions): Host {
  const { env, cwd } = options;
  const dataDirectory = options.dataDirectory ?? dataHome(env);
  const secrets = new Secrets(env);
  const context: HostContext = {
    env,
    cwd,
    dataDirectory,
    pluginHome: pluginHome(env),
    secrets,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.untrustedVariables ? { untrustedVariables: options.untrustedVariables } : {}),
    ...(options.bundled ? { bundled: options.bundled } : {}),
  };
  const open = new Set<Session>();

  async function openSession(sessionOptions: SessionOptions = {}): Promise<Session> {
    const warn = sessionOptions.onWarning ?? (() => undefined);
    const keepDays = keepDaysSetting(env);
    const trace = sessionOptions.trace
      ? openTrace(resolve(cwd, sessionOptions.trace), warn)
      : undefined;
    // The plug-ins' log lines go where the session sends them, once it exists.
    const { onLog } = sessionOptions;
    let log = (notice: PluginNotice) => logOutsideRuns(notice, { secrets, trace, onLog });
    const sessionContext: HostContext = {
      ...context,
      ...(sessionOptions.signal ? { signal: sessionOptions.signal } : {}),
      ...(sessionOptions.onProgress ? { onProgress: sessionOptions.onProgress } : {}),
      onNotice: (notice) => log(notice),
    };
    try {
      const sessionMaxCost = dollars("--session-max-cost", sessionOptions.sessionMaxCost);
      const runtime = await buildRuntime(sessionOptions, sessionContext);
      try {
        if (sessionMaxCost !== undefined) checkPriced(runtime.llm, "--session-max-cost");
      } catch (error) {
        await runtime.close();
        throw error;
      }
      let store: SessionStore;
      let journal: { journal?: RunJournal; close?: () => Promise<void> };
      try {
        store = await storeFor(sessionOptions, sessionContext);
        journal = await journalFor(sessionOptions, store, sessionContext).catch(
          async (error: unknown) => {
            await store.close?.();
            throw error;
          },
        );
      } catch (error) {
        await runtime.close();
        throw error;
      }
      const session = createSession({
        runtime,
        store,
        ...(journal.journal ? { journal: journal.journal } : {}),
        specs: specsOf(sessionOptions, cwd),
        ...(sessionOptions.via ? { via: sessionOptions.via } : {}),
        keepDays,
        history: sessionOptions.history,
        ...(sessionMaxCost === undefined ? {} : { sessionMaxCost }),
        secrets,
        context: sessionContext,
        ...(trace ? { trace } : { runTrace: () => runTrace(env, warn) }),
        ...(onLog ? { onLog } : {}),
        onClose: () => {
          open.delete(session);
          void journal.close?.();
        },
      });
      log = session.log;
      if (sessionOptions.session !== undefined)
        session.continueConversation(sessionOptions.session);
      open.add(session);
      return session;
    } catch (error) {
      trace?.close();
      throw error;
    }
  }

  return {
    ...context,
    openSession,
    openStore: () => chooseStore(context),
    async openLlm(spec) {
      const { llm } = await chooseLlm({ spec, constrained: false, toolNames: [] }, context);
      return llm;
    },
    async close() {
      await Promise.all([...open].map((session) => session.close()));
    },
  };
}

async function storeFor(options: SessionOptions, context: HostContext): Promise<SessionStore> {
  const wanted = options.store ?? (options.session !== undefined ? "configured" : undefined);
  if (wanted === undefined) return new InMemorySessionStore();
  if (wanted === "configured") return (await chooseStore(context)).store;
  return wanted;
}

/** The session's run journal, and how to let go of a store opened for it alone. */
async function journalFor(
  options: SessionOptions,
  store: SessionStore,
  context: HostContext,
): Promise<{ journal?: RunJournal; close?: () => Promise<void> }> {
  const wanted = options.journal ?? true;
  if (wanted === false) return {};
  if (wanted !== true) return { journal: wanted };
  // A store the program gave or the settings chose keeps the journals too; the scratch
  // store of a session without one is this process's only, so they go to the configured.
  const chosen = options.store !== undefined || options.session !== undefined;
  if (chosen) return store.runs ? { journal: store.runs } : {};
  const configured = (await chooseStore(context)).store;
  if (!configured.runs) {
    await configured.close?.();
    return {};
  }
  return { journal: configured.runs, close: async () => configured.close?.() };
}

/** How the model and tools were named, for a run's journal: what resuming it gives again. */
function specsOf(options: SessionOptions, cwd: string) {
  return {
    ...(typeof options.llm === "string" ? { llm: options.llm } : {}),
    ...(typeof options.tools === "string" ? { tools: options.tools } : {}),
    ...(options.mcp ? { mcp: resolve(cwd, options.mcp) } : {}),
  };
}

/** LANGCHAIN_MINI_TRACE=<dir>: one trace file per run. */
function runTrace(env: Env, onWarning: (message: string) => void): TraceWriter | undefined {
  const directory = env.LANGCHAIN_MINI_TRACE;
  if (!directory) return undefined;
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  return openTrace(join(directory, `run-${stamp}-${process.pid}.jsonl`), onWarning);
}
