import {
  type AgentEvent,
  DEFAULT_MAX_STEPS,
  DEFAULT_MAX_TOKENS,
  errorInfo,
  isLangchainMiniError,
} from "@langchain-mini/core";
import { DEFAULT_HISTORY } from "@langchain-mini/memory";
import { secretMask } from "../approval/secret-mask.js";
import { createEventOutput } from "../boundary/event-output.js";
import type { SecretMatcher } from "../boundary/secret-matcher.js";
import { secretMatcher } from "../boundary/secrets.js";
import { terminalText, visibleText } from "../boundary/terminal-text.js";
import { parseCommandLine } from "../config/command-line.js";
import { routeConsole } from "../config/console-route.js";
import type { ConversationRunner, OpenedSession } from "../config/conversation-runner.js";
import type { DotEnv, Env } from "../config/env.js";
import { type FolderSettings, shellSettings } from "../config/folder-trust.js";
import { type Host, shellHost } from "../config/host.js";
import { defaultProvider } from "../config/llm-choice.js";
import { buildRuntime, runOptionSpec, sessionOption, switchLlm } from "../config/run-options.js";
import { chooseStore, storeFlag } from "../config/store-choice.js";
import { openTrace, type TraceWriter, traceFromOptions } from "../trace/trace-writer.js";
import { leanInkImports } from "../ui/lean-ink-imports.js";

export const TUI_USAGE = `Usage: langchain-mini [options]      the terminal UI (needs a terminal)

Options: the same as ask's (see: langchain-mini ask --help)
  --llm <spec>       openai[:model], anthropic[:model], google[:model], script:<file.json>,
                     llamacpp:<model>, <module>:<model>
  --constrained      with llamacpp: decode only well-formed ReAct steps naming the tools given
  --tools <names>    comma-separated; default: every configured tool
  --mcp <file>       the tools of every MCP server in a JSON file (or LANGCHAIN_MINI_MCP)
  --max-steps <n>    steps (an LLM call and its tool call) before giving up; default ${DEFAULT_MAX_STEPS}
  --approval <when>  which tool calls wait for your yes: auto (default: those of tools with
                     side effects), always, or never
  --max-tokens <n>   output tokens per LLM call; default ${DEFAULT_MAX_TOKENS} (a reply cut there is a warning)
  --session <name>   keep the conversation in the store under a name, and continue it next
                     time (without it the conversation is kept in memory until you quit)
  --store <url>      where sessions live: a directory or file: (the default), memory:,
                     redis:// or rediss://, or <module>[:<url>] (see ask --help)
  --history <kind>   what history follow-ups are rewritten from: buffer, window[:turns],
                     tokens[:budget] (default ${DEFAULT_HISTORY}) or summary
  --agent <mode>     react (the text ReAct format, default) or tools (native function calling)
  --trace <file>     write every run's events as JSON lines
  --no-transcript    leave a clean screen on quit (by default the questions, answers and
                     each run's steps and cost stay in the terminal's scrollback)
  --trust            this run only: let the folder's .env name code and commands (see README)
  --debug            add stack traces to errors

Keys: Enter asks, Esc cancels, Up/Down recall, Ctrl+R searches earlier questions,
PgUp/PgDn scroll, Tab switches pane, Ctrl+O unfolds observations, Ctrl+P opens the prompt
inspector, Ctrl+C quits; y, a or n answer a tool call that waits for approval.
/help in the app lists the commands (/resume, /copy, …).`;

export const NOT_A_TERMINAL =
  "langchain-mini: the terminal UI needs a terminal on stdin and stdout; in scripts and pipes use: langchain-mini ask [options] <question...>";

/** No subcommand: the Ink UI. Ink and React load only here, after the checks. */
export async function tui(
  argv: readonly string[],
  dotEnv: DotEnv,
  decided?: FolderSettings,
): Promise<number> {
  const { values } = parseCommandLine({
    args: [...argv],
    options: {
      ...runOptionSpec,
      "no-transcript": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    process.stdout.write(`${TUI_USAGE}\n`);
    return 0;
  }
  const session = sessionOption(values.session);
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write(`${NOT_A_TERMINAL}\n`);
    return 2;
  }
  // React's development build checks every render (several times slower): users get the
  // production one unless they ask otherwise. It is chosen when React loads, just below.
  process.env.NODE_ENV ??= "production";
  leanInkImports();
  // Ink and React load while the LLM and tools are set up: the input line is ready sooner.
  const ui = import("../ui/start-ui.js");
  // Plug-ins' log lines (an MCP server's stderr) never reach the screen: the trace, if any.
  const logs: { trace?: TraceWriter } = {};
  // Asked before the screen is taken over, when the folder's .env wants to run code.
  const settings = decided ?? (await shellSettings(dotEnv, values.trust));
  const { env: shellEnv, warnings } = settings;
  // --store stands in for LANGCHAIN_MINI_STORE: its password is blanked too.
  const env = storeFlag(shellEnv, values.store);
  // The environment's secrets, and those of every plug-in loaded by the time text is blanked.
  const secrets = secretMatcher(env);
  // Console lines (a vendor SDK's own log) go to the trace, never over the screen.
  routeConsole((text) => {
    logs.trace?.write({ type: "log", source: "console", message: secrets.redact(text) });
  });
  const host = shellHost({
    env,
    onNotice: (notice) => {
      if (notice.level !== "log") return;
      const { source, message } = notice;
      logs.trace?.write({
        type: "log",
        source: secrets.redact(source),
        message: secrets.redact(message),
      });
    },
  });
  if (!values.llm) {
    const missing = await defaultProvider(host).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (missing)
      return setUp(["No LLM is configured.", ...warnings].join("\n"), argv, host, {
        dotEnv,
        settings,
      });
  }
  let runtime: Awaited<ReturnType<typeof buildRuntime>>;
  try {
    // Set-up work a plug-in reports (a model download) shows on screen before the chat.
    const { withProgressScreen } = await import("../ui/setup-progress.js");
    runtime = await withProgressScreen(host, (withScreen) => buildRuntime(values, withScreen));
  } catch (error) {
    // The default provider cannot start from its settings: the set-up screen says why. A
    // mistake in a flag the user typed gets its one line (exit 2), as with ask.
    if (values.llm || !isSetupProblem(error)) throw error;
    return setUp([error.message, ...warnings].join("\n"), argv, host, { dotEnv, settings });
  }
  // Shown in the conversation pane, with the other notices.
  runtime = { ...runtime, notices: [...warnings, ...runtime.notices] };
  const [{ createChatService }, { createConversationRunner }, { store }] = await Promise.all([
    import("../ui/chat-service.js"),
    import("../config/conversation-runner.js"),
    chooseStore(host),
  ]);
  // A trace that stops taking lines says so once the terminal is back.
  const traceWarnings: string[] = [];
  const onTraceWarning = (message: string) => traceWarnings.push(message);
  const sessionTrace = values.trace ? openTrace(values.trace, onTraceWarning) : undefined;
  logs.trace = sessionTrace;
  const runner = createConversationRunner({
    runtime,
    store,
    history: values.history,
    redact: secrets.redact,
  });
  const service = createChatService({
    runner,
    createLlm: (spec) => switchLlm(runner.runtime, spec, host),
    observe: (events) => observed(events, { env, secrets, sessionTrace, logs, onTraceWarning }),
    // What a call waiting for approval shows: all of it, the user's own secrets labelled.
    redact: (text) => visibleText(secretMask(env)(text)),
  });
  // Servers the tools started (MCP) stop with the app, also when it is told to end.
  const stop = (signal: NodeJS.Signals) => {
    void runtime.close().finally(() => process.exit(signal === "SIGHUP" ? 129 : 143));
  };
  process.once("SIGTERM", stop);
  process.once("SIGHUP", stop);
  try {
    const opened = session !== undefined ? await openSession(runner, session) : undefined;
    return await (await ui).startChat(service, opened, { transcript: !values["no-transcript"] });
  } finally {
    process.off("SIGTERM", stop);
    process.off("SIGHUP", stop);
    await runtime.close();
    await store.close?.();
    sessionTrace?.close();
    for (const message of traceWarnings) {
      process.stderr.write(`langchain-mini: ${terminalText(message)}\n`);
    }
  }
}

/**
 * `--session <name>` at start-up. A store that cannot be read (a server that is down, a
 * password it refused) costs the earlier turns, with a notice, not the chat: the session
 * is continued, and each turn tries the store again. A bad name still ends here.
 */
async function openSession(runner: ConversationRunner, name: string): Promise<OpenedSession> {
  runner.continueSession(name);
  try {
    return await runner.openSession(name);
  } catch (error) {
    const { message } = errorInfo(error);
    return { turns: [], warnings: [`${message} (starting without the conversation's history)`] };
  }
}

/** The set-up screen; taking its local-model offer is the same as `--llm <its spec>`. */
async function setUp(
  reason: string,
  argv: readonly string[],
  host: Host,
  folder: { readonly dotEnv: DotEnv; readonly settings: FolderSettings },
): Promise<number> {
  const [{ startSetup }, { localModelOffer }] = await Promise.all([
    import("../ui/start-ui.js"),
    import("../ui/local-model-offer.js"),
  ]);
  const offer = await localModelOffer(host);
  const choice = await startSetup(reason, host, offer);
  if (choice !== "download" || !offer) return typeof choice === "number" ? choice : 2;
  const spec = await offer.prepare();
  // The folder's settings as decided: the user is not asked about them twice.
  return spec === undefined ? 2 : tui([...argv, "--llm", spec], folder.dotEnv, folder.settings);
}

function isSetupProblem(error: unknown): error is Error {
  return isLangchainMiniError(error) && error.code === "config_invalid";
}

interface Observing {
  readonly env: Env;
  readonly secrets: SecretMatcher;
  readonly sessionTrace: TraceWriter | undefined;
  /** Where plug-ins' log lines go while the run lasts. */
  readonly logs: { trace?: TraceWriter };
  readonly onTraceWarning: (message: string) => void;
}

/**
 * A run's events through the output boundary: the trace, if any, gets their wire form,
 * the UI the same events rebuilt (secrets blanked, whole prompts for the inspector).
 */
async function* observed(
  events: AsyncIterable<AgentEvent>,
  { env, secrets, sessionTrace, logs, onTraceWarning }: Observing,
): AsyncGenerator<AgentEvent> {
  // Without --trace, LANGCHAIN_MINI_TRACE=<dir> gives each run its own file, and the
  // plug-ins' log lines of the run's time go there too.
  const trace = sessionTrace ?? traceFromOptions(undefined, env, onTraceWarning);
  logs.trace = trace;
  const shown: AgentEvent[] = [];
  const output = createEventOutput({
    secrets,
    wire: trace ? [(event) => trace.write(event)] : [],
    display: [(event) => shown.push(event)],
  });
  try {
    for await (const event of events) {
      output(event);
      yield* shown.splice(0);
    }
  } finally {
    logs.trace = sessionTrace;
    if (trace !== sessionTrace) trace?.close();
  }
}
