import type { Approve, PluginNotice, SessionInfo, SessionStore, Tool } from "@langchain-mini/core";
import {
  Conversation,
  checkSessionName,
  InMemorySessionStore,
  parseHistoryStrategy,
  turnsOf,
} from "@langchain-mini/memory";
import type { Secrets } from "../boundary/secrets.js";
import type { WireEvent } from "../boundary/wire-event.js";
import type { HostContext } from "../config/host-context.js";
import { createAgent, type Runtime, switchLlm } from "../config/runtime.js";
import type { TraceWriter } from "../trace/trace-writer.js";
import { type LogEvent, observeRun, type RunOutput, type SessionRun } from "./observe-run.js";

/** One question and its answer, as a conversation shows them. */
export interface Turn {
  readonly question: string;
  readonly answer: string;
}

/** A stored conversation, opened: its earlier turns, and what the user must be told. */
export interface OpenedConversation {
  readonly turns: readonly Turn[];
  /** E.g. a damaged file moved aside, with the path it was moved to. */
  readonly warnings: readonly string[];
}

export interface AskOptions {
  /** Cancels the run: the LLM stream and the tool stop. */
  readonly signal?: AbortSignal;
  /**
   * Asks a person about a tool call that waits for approval; without it such calls are
   * declined, and the model reads why. The request shows the whole call, the user's own
   * secrets labelled (`[secret NAME]`); making it safe for a terminal is the caller's part.
   */
  readonly approve?: Approve;
  /** Every event in its wire form (`--json`), secrets blanked, logs included. */
  readonly onWire?: (event: WireEvent) => void;
  /** Told as warning events right after the run's start (a command's start-up notices). */
  readonly warnings?: readonly string[];
}

/**
 * A configured model, tools and limits, holding one conversation at a time: seed 000's
 * loop. Every front end (a command, the terminal UI, a server, a program) runs its
 * questions here and renders the events it gets back, which have crossed the output
 * boundary: secrets blanked, prompts whole.
 */
export interface Session {
  /** `provider:model`. */
  readonly model: string;
  readonly tools: readonly Tool<unknown>[];
  readonly maxSteps: number;
  /** What the user should read before the first question (a tool left out, a server that did not start). */
  readonly notices: readonly string[];
  /** The stored conversation questions go to; undefined: kept in memory only. */
  readonly conversation: string | undefined;
  /**
   * One turn: a follow-up is first rewritten into a standalone question from the history,
   * then answered, then stored.
   */
  ask(question: string, options?: AskOptions): SessionRun;
  /** A fresh conversation, kept in memory only. Stored ones stay as they are. */
  newConversation(): void;
  /** Continues a stored conversation and gives back its earlier turns. */
  openConversation(name: string): Promise<OpenedConversation>;
  /** Continues a stored conversation without reading it now (each turn reads it anyway). */
  continueConversation(name: string): void;
  /** The stored conversations, newest first. */
  listConversations(): Promise<readonly SessionInfo[]>;
  /** Another LLM from now on (the same tools and limits): the same specs as `--llm`. */
  switchModel(spec: string): Promise<void>;
  /**
   * A line for the trace, such as a library's console log: among the running question's
   * events, else in the session's trace.
   */
  log(notice: PluginNotice): void;
  /** Stops what the tools started (MCP servers), closes the store and the trace. */
  close(): Promise<void>;
}

export interface SessionParts {
  readonly runtime: Runtime;
  /** Where named conversations are kept. */
  readonly store: SessionStore;
  /** `--history`: buffer, window[:k], tokens[:n] or summary; memory's default otherwise. */
  readonly history?: string;
  readonly secrets: Secrets;
  /** For `switchModel`: where providers are looked for. */
  readonly context?: HostContext;
  /** The session's trace file (`--trace`); without it, LANGCHAIN_MINI_TRACE's folder per run. */
  readonly trace?: TraceWriter;
  /** Per-run trace files, when the settings ask for them. */
  readonly runTrace?: () => TraceWriter | undefined;
  /** Plug-ins' log lines outside any run, blanked. */
  readonly onLog?: (event: LogEvent) => void;
  /** Called once the session has closed. */
  readonly onClose?: () => void;
}

export const modelLabel = (llm: { provider: string; model: string }) =>
  `${llm.provider}:${llm.model}`;

/** A session over parts already made: a host's `openSession` makes them from options. */
export function createSession(parts: SessionParts): Session {
  const { store, secrets } = parts;
  let runtime = parts.runtime;
  // A bad --history fails at start-up, not at the second question.
  let history = parseHistoryStrategy(parts.history, runtime.llm);
  let conversation: string | undefined;
  let scratch = new InMemorySessionStore();
  let running: RunOutput | undefined;

  return {
    get model() {
      return modelLabel(runtime.llm);
    },
    get tools() {
      return runtime.tools;
    },
    get maxSteps() {
      return runtime.maxSteps;
    },
    get notices() {
      return runtime.notices;
    },
    get conversation() {
      return conversation;
    },
    ask(question, options = {}) {
      const turn = new Conversation({
        agent: createAgent(runtime, options.approve && masked(options.approve, secrets)),
        llm: runtime.llm,
        store: conversation ? store : scratch,
        session: conversation ?? "scratch",
        history,
        redact: secrets.redact,
      });
      return observeRun(turn.ask(question, { signal: options.signal }), {
        secrets,
        trace: parts.trace ?? parts.runTrace?.(),
        closeTrace: parts.trace === undefined,
        onWire: options.onWire,
        warnings: options.warnings ?? [],
        onStart: (output) => {
          running = output;
        },
        onEnd: () => {
          running = undefined;
        },
      });
    },
    newConversation() {
      conversation = undefined;
      scratch = new InMemorySessionStore();
    },
    listConversations: () => store.list(),
    async openConversation(name) {
      const { records, warnings } = await store.load(checkSessionName(name));
      conversation = name;
      const turns = turnsOf(records).map(({ question, answer }) => ({ question, answer }));
      return { turns, warnings };
    },
    continueConversation(name) {
      conversation = checkSessionName(name);
    },
    async switchModel(spec) {
      if (!parts.context) throw new Error("This session's model cannot be switched");
      const llm = await switchLlm(runtime, spec, parts.context);
      history = parseHistoryStrategy(parts.history, llm);
      runtime = { ...runtime, llm };
    },
    async close() {
      await runtime.close();
      await store.close?.();
      parts.trace?.close();
      parts.onClose?.();
    },
    log(notice) {
      if (running) running.log(logEvent(notice));
      else logOutsideRuns(notice, parts);
    },
  };
}

/**
 * What a person is shown of a call before approving it: every character of it, but for
 * the exact values of the user's own secrets, labelled (`[secret OPENAI_API_KEY]`). Key
 * shapes stay: blanking them would hide the path beside them. Masked afresh for each
 * call: plug-ins loaded since may have declared secrets.
 */
function masked(approve: Approve, secrets: Secrets): Approve {
  return (request) => {
    const mask = secrets.mask();
    return approve({
      ...request,
      tool: mask(request.tool),
      input: mask(request.input),
      ...(request.origin ? { origin: mask(request.origin) } : {}),
    });
  };
}

const logEvent = ({ source, message }: PluginNotice): LogEvent => ({
  type: "log",
  source,
  message,
});

/** A plug-in's log line while no question runs: blanked, to the session's trace and `onLog`. */
export function logOutsideRuns(
  notice: PluginNotice,
  { secrets, trace, onLog }: Pick<SessionParts, "secrets" | "trace" | "onLog">,
) {
  const event = logEvent({
    ...notice,
    source: secrets.redact(notice.source),
    message: secrets.redact(notice.message),
  });
  trace?.write(event);
  onLog?.(event);
}
