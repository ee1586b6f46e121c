import {
  type Approve,
  isRunId,
  LangchainMiniError,
  type PluginNotice,
  type RunJournal,
  type SessionInfo,
  type SessionStore,
  type Tool,
} from "@langchain-mini/core";
import {
  Conversation,
  checkSessionName,
  InMemorySessionStore,
  parseHistoryStrategy,
  turnsOf,
} from "@langchain-mini/memory";
import { formatToday } from "@langchain-mini/prompts";
import type { Secrets } from "../boundary/secrets.js";
import type { WireEvent } from "../boundary/wire-event.js";
import type { HostContext } from "../config/host-context.js";
import { checkPriced, createAgent, type Runtime, switchLlm } from "../config/runtime.js";
import { usageError } from "../config/usage-error.js";
import { JournaledRun } from "../runs/journaled-run.js";
import { checkResumable, decisionRecord, type RunDecision } from "../runs/resumable.js";
import { findRun, listRuns } from "../runs/run-list.js";
import { busyError, type RunSummary, startOf } from "../runs/run-summary.js";
import type { TraceWriter } from "../trace/trace-writer.js";
import { type LogEvent, type ObservedRun, observeRun, type RunOutput } from "./observe-run.js";
import { runSettings, type TurnPlan } from "./turn-plan.js";

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
  /** False: this run keeps no journal (`--no-journal`), so it cannot be resumed. */
  readonly journal?: boolean;
  /**
   * The run's id, chosen by the caller (a server that answers with it before the run
   * starts); default a new random one. It must be a run id (`isRunId`) not used before.
   */
  readonly runId?: string;
  /**
   * Ends the run at its next boundary (as `signal` does) and leaves it interrupted in its
   * journal rather than ended: a server stopping hands its runs to another process.
   */
  readonly handOff?: AbortSignal;
  /**
   * The stored conversation this question belongs to, instead of the session's own: a
   * server answers many conversations on one session, each run its own.
   */
  readonly conversation?: string;
  /**
   * The date the prompt gives as today's (`YYYY-MM-DD`); default the local date. An eval
   * replaying recorded runs gives the recorded one, so that its prompts match.
   */
  readonly today?: string;
}

/**
 * A run as a front end receives it: its events after the output boundary (secrets
 * blanked, whole prompts rebuilt, plug-ins' log lines of its time among them), once, and
 * its result, whose answer is blanked too. The run goes on whether or not anyone reads.
 */
export interface SessionRun extends ObservedRun {
  /** The run's id, as in its run-start event and its journal. */
  readonly runId: string;
  /**
   * For a run that ended `paused`: records a person's approval of the call it waits on
   * and takes the run up, as `Session.resume(runId, { decision })` does.
   */
  approve(options?: DecisionOptions): Promise<SessionRun>;
  /** As `approve`, denying the call; `note` is what the model is told. */
  deny(options?: DecisionOptions): Promise<SessionRun>;
}

export interface DecisionOptions extends Omit<ResumeOptions, "decision"> {
  readonly note?: string;
  readonly by?: string;
}

export type { RunDecision } from "../runs/resumable.js";

export interface ResumeOptions extends Omit<AskOptions, "journal"> {
  /** For a paused run: the decision on the call it waits on, recorded, then the run goes on. */
  readonly decision?: RunDecision;
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
  /** A stored conversation's turns, read without continuing it (a server showing a chat). */
  readConversation(name: string): Promise<OpenedConversation>;
  /**
   * Takes up a run that stopped before its answer (its process died, it paused for an
   * approval, it failed) from its journal: what was recorded is replayed without calling
   * the LLM or a tool again, then the run goes on live. The session must have the run's
   * tools; a run another live process holds is refused (`run_busy`).
   */
  resume(runId: string, options?: ResumeOptions): Promise<SessionRun>;
  /** Runs in this session's journal that stopped before their answer: interrupted or paused. */
  unfinishedRuns(): Promise<readonly RunSummary[]>;
  /** Where a run in this session's journal stands; undefined when it keeps none by that id. */
  findRun(runId: string): Promise<RunSummary | undefined>;
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
  /** Where runs are journaled; none: runs are not, and cannot be resumed. */
  readonly journal?: RunJournal;
  /** How long runs are kept after their last step, in days (LANGCHAIN_MINI_RUNS_KEEP_DAYS). */
  readonly keepDays?: number;
  /** What starts this session's runs when not a command line (`serve`), for the journal. */
  readonly via?: string;
  /** How the model and tools were chosen (`--llm`, `--tools`, `--mcp`), for the journal. */
  readonly specs?: { readonly llm?: string; readonly tools?: string; readonly mcp?: string };
  /** `--history`: buffer, window[:k], tokens[:n] or summary; memory's default otherwise. */
  readonly history?: string;
  /** `--session-max-cost`: US dollars the session's runs may spend together. */
  readonly sessionMaxCost?: number;
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
  let llmSpec = parts.specs?.llm;
  // What each run of the session spent, by run id: a resumed run replaces its own figure.
  const spentByRun = new Map<string, number>();
  const sessionBudget = (runId: string) => {
    if (parts.sessionMaxCost === undefined) return undefined;
    let spent = 0;
    for (const [id, dollars] of spentByRun) if (id !== runId) spent += dollars;
    return { maxCost: parts.sessionMaxCost, spent };
  };

  /** One turn's run: a new question, or one taken up again from its journal. */
  function runTurn(turn: TurnPlan, options: AskOptions): SessionRun {
    const { journaled } = turn;
    const approve = options.approve
      ? masked(options.approve, secrets)
      : runtime.pauseUnasked && journaled
        ? journaled.pauseApprovals
        : undefined;
    const name = turn.conversation;
    const conversationTurn = new Conversation({
      agent: createAgent(runtime, approve, turn.today, sessionBudget(turn.runId)),
      llm: runtime.llm,
      store: name ? store : scratch,
      session: name ?? "scratch",
      history,
      redact: secrets.redact,
    });
    const llm = llmSpec ?? modelLabel(runtime.llm);
    const settings = {
      ...runSettings(runtime, { ...parts.specs, llm }, turn),
      ...(parts.via ? { via: parts.via } : {}),
    };
    const stops = [options.signal, options.handOff, turn.lost.signal];
    const signal = AbortSignal.any(stops.filter((stop) => stop !== undefined));
    const run = conversationTurn.ask(turn.question, {
      signal,
      runId: turn.runId,
      ...(journaled ? { journal: journaled.hooks(turn.recorded, settings, turn.question) } : {}),
      ...(turn.standalone === undefined ? {} : { standalone: turn.standalone }),
    });
    const observed = observeRun(run, {
      secrets,
      trace: parts.trace ?? parts.runTrace?.(),
      closeTrace: parts.trace === undefined,
      onWire: options.onWire,
      warnings: options.warnings ?? [],
      onStart: (output) => {
        running = output;
        turn.output = output;
      },
      onEnd: () => {
        running = undefined;
      },
      ...(journaled
        ? {
            beforeResult: (result) =>
              options.handOff?.aborted ? journaled.handOff() : journaled.finish(result),
          }
        : {}),
    });
    if (parts.sessionMaxCost !== undefined) {
      // Counted before the caller reads the result, so that its next question sees it.
      observed.result.then(
        (result) => spentByRun.set(turn.runId, result.cost ?? 0),
        () => undefined,
      );
    }
    const decide =
      (approved: boolean) =>
      ({ note, by, ...options }: DecisionOptions = {}) =>
        session.resume(turn.runId, {
          ...options,
          decision: { approved, ...(note === undefined ? {} : { note }), ...(by ? { by } : {}) },
        });
    return { ...observed, runId: turn.runId, approve: decide(true), deny: decide(false) };
  }

  /** What a run needs of the journal: where to write, what to say when it fails. */
  function journaling(runId: string, turn: { output?: RunOutput; lost: AbortController }) {
    return {
      journal: parts.journal as RunJournal,
      runId,
      redact: secrets.redact,
      onWarning: (message: string) => turn.output?.warn(message),
      onLost: () => {
        turn.output?.warn(
          `Another process took this run over (this one was taken for stopped): stopping here; it goes on there`,
        );
        turn.lost.abort();
      },
    };
  }

  const session: Session = {
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
      const { runId = crypto.randomUUID() } = options;
      if (!isRunId(runId)) throw usageError(`'${runId}' is not a run id: give a UUID`);
      const name =
        options.conversation === undefined ? conversation : checkSessionName(options.conversation);
      const turn: TurnPlan = {
        question,
        runId,
        today: options.today ?? formatToday(),
        lost: new AbortController(),
        ...(name ? { conversation: name } : {}),
      };
      if (parts.journal && options.journal !== false) {
        turn.journaled = JournaledRun.start(journaling(turn.runId, turn));
      }
      return runTurn(turn, options);
    },
    async unfinishedRuns() {
      if (!parts.journal) return [];
      const runs = await listRuns(parts.journal, { keepDays: parts.keepDays });
      return runs.filter((run) => run.status === "interrupted" || run.status === "paused");
    },
    async findRun(runId) {
      if (!parts.journal || !isRunId(runId)) return undefined;
      return (await findRun(parts.journal, runId))?.summary;
    },
    async resume(runId, options = {}) {
      const journal = parts.journal;
      if (!journal) throw usageError("This session keeps no run journal, so it cannot resume runs");
      if (!isRunId(runId))
        throw usageError(`'${runId}' is not a run id: langchain-mini runs list shows them`);
      const found = await findRun(journal, runId);
      const start = found && startOf(found.run.records);
      if (!found || !start) {
        throw new LangchainMiniError(
          "run_not_found",
          `There is no run ${runId} in this store: langchain-mini runs list shows the runs kept`,
        );
      }
      const { summary, run } = found;
      checkResumable(summary, runtime.tools, options.decision);
      const turn: TurnPlan = {
        question: start.settings.asked ?? start.question,
        runId,
        standalone: start.question,
        today: start.settings.today,
        lost: new AbortController(),
        ...(start.settings.session ? { conversation: start.settings.session } : {}),
      };
      const decision = options.decision && decisionRecord(summary, options.decision);
      const taken = await JournaledRun.resume(journaling(runId, turn), decision);
      if (!(taken instanceof JournaledRun)) throw busyError(runId, taken);
      turn.journaled = taken;
      turn.recorded = decision ? [...run.records, decision] : run.records;
      return runTurn(turn, options);
    },
    newConversation() {
      conversation = undefined;
      scratch = new InMemorySessionStore();
    },
    listConversations: () => store.list(),
    async openConversation(name) {
      const opened = await session.readConversation(name);
      conversation = name;
      return opened;
    },
    async readConversation(name) {
      const { records, warnings } = await store.load(checkSessionName(name));
      const turns = turnsOf(records).map(({ question, answer }) => ({ question, answer }));
      return { turns, warnings };
    },
    continueConversation(name) {
      conversation = checkSessionName(name);
    },
    async switchModel(spec) {
      if (!parts.context) throw new Error("This session's model cannot be switched");
      const llm = await switchLlm(runtime, spec, parts.context);
      if (parts.sessionMaxCost !== undefined) checkPriced(llm, "--session-max-cost");
      history = parseHistoryStrategy(parts.history, llm);
      runtime = { ...runtime, llm };
      llmSpec = spec;
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
  return session;
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
