import {
  DEFAULT_MAX_STEPS,
  DEFAULT_MAX_TOKENS,
  errorInfo,
  isLangchainMiniError,
} from "@langchain-mini/core";
import {
  DEFAULT_HISTORY,
  defaultProvider,
  type Host,
  type Session,
  terminalText,
} from "@langchain-mini/host";
import { parseCommandLine } from "../config/command-line.js";
import { routeConsole } from "../config/console-route.js";
import { runOptionSpec, sessionOptions } from "../config/run-flags.js";
import type { Shell } from "../shell.js";
import type { OpenedSession } from "../ui/chat-service.js";

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
  --context-window <tokens>
                     the model's context window (see ask --help)
  --max-cost <usd>   stop a question's run before an LLM call that could pass this many
                     US dollars; --max-tokens-total <n> the same in tokens
  --session-max-cost <usd>
                     the same for all the questions of this session together
  --session <name>   keep the conversation in the store under a name, and continue it next
                     time (without it the conversation is kept in memory until you quit)
  --store <url>      where sessions live: a directory or file: (the default), memory:,
                     redis:// or rediss://, or <module>[:<url>] (see ask --help)
  --history <kind>   what history follow-ups are rewritten from: buffer, window[:turns],
                     tokens[:budget] (default ${DEFAULT_HISTORY}) or summary
  --agent <mode>     react (the text ReAct format, default) or tools (native function calling)
  --trace <file>     write every run's events as JSON lines
  --no-journal       keep no journal of the runs (see langchain-mini runs --help)
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
  shell: Shell,
  decided?: { readonly host: Host; readonly warnings: readonly string[] },
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
  const options = sessionOptions(values);
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write(`${NOT_A_TERMINAL}\n`);
    return 2;
  }
  // Ink and React load while the LLM and tools are set up: the input line is ready sooner.
  const ui = import("../ui/start-ui.js");
  // Asked before the screen is taken over, when the folder's .env wants to run code.
  const { host, warnings } =
    decided ?? (await shell.openHost({ trust: values.trust, store: values.store }));
  // Console lines (a vendor SDK's own log) go to the session's trace, never over the screen.
  let consoleLine = (_text: string) => {};
  routeConsole((text) => consoleLine(text));
  if (!values.llm) {
    const missing = await defaultProvider(host).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (missing)
      return setUp(["No LLM is configured.", ...warnings].join("\n"), argv, shell, {
        host,
        warnings,
      });
  }
  // A trace that stops taking lines says so once the terminal is back.
  const traceWarnings: string[] = [];
  let session: Session;
  try {
    // Set-up work a plug-in reports (a model download) shows on screen before the chat.
    const { withProgressScreen } = await import("../ui/setup-progress.js");
    session = await withProgressScreen((setup) =>
      host.openSession({
        ...options,
        ...setup,
        // /session and /resume reach the configured store even without --session.
        store: "configured",
        onWarning: (message) => traceWarnings.push(message),
      }),
    );
  } catch (error) {
    // The default provider cannot start from its settings: the set-up screen says why. A
    // mistake in a flag the user typed gets its one line (exit 2), as with ask.
    if (values.llm || !isSetupProblem(error)) throw error;
    return setUp([error.message, ...warnings].join("\n"), argv, shell, { host, warnings });
  }
  consoleLine = (text) => session.log({ level: "log", source: "console", message: text });
  // Servers the tools started (MCP) stop with the app, also when it is told to end.
  const stop = (signal: NodeJS.Signals) => {
    void host.close().finally(() => process.exit(signal === "SIGHUP" ? 129 : 143));
  };
  process.once("SIGTERM", stop);
  process.once("SIGHUP", stop);
  try {
    const opened =
      options.session !== undefined ? await openStored(session, options.session) : undefined;
    // Shown in the conversation pane, with the other notices.
    const notices = {
      turns: opened?.turns ?? [],
      warnings: [...warnings, ...(opened?.warnings ?? [])],
    };
    return await (await ui).startChat(session, notices, {
      transcript: !values["no-transcript"],
    });
  } finally {
    process.off("SIGTERM", stop);
    process.off("SIGHUP", stop);
    await host.close();
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
async function openStored(session: Session, name: string): Promise<OpenedSession> {
  session.continueConversation(name);
  try {
    return await session.openConversation(name);
  } catch (error) {
    const { message } = errorInfo(error);
    return { turns: [], warnings: [`${message} (starting without the conversation's history)`] };
  }
}

/** The set-up screen; taking its local-model offer is the same as `--llm <its spec>`. */
async function setUp(
  reason: string,
  argv: readonly string[],
  shell: Shell,
  decided: { readonly host: Host; readonly warnings: readonly string[] },
): Promise<number> {
  const [{ startSetup }, { localModelOffer }] = await Promise.all([
    import("../ui/start-ui.js"),
    import("../ui/local-model-offer.js"),
  ]);
  const offer = await localModelOffer(decided.host);
  const choice = await startSetup(reason, decided.host, offer);
  if (choice !== "download" || !offer) return typeof choice === "number" ? choice : 2;
  const spec = await offer.prepare();
  // The folder's settings as decided: the user is not asked about them twice.
  return spec === undefined ? 2 : tui([...argv, "--llm", spec], shell, decided);
}

function isSetupProblem(error: unknown): error is Error {
  return isLangchainMiniError(error) && error.code === "config_invalid";
}
