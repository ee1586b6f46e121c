import { parseArgs } from "node:util";
import { type AgentEvent, isLangchainMiniError } from "@langchain-mini/core";
import { type Env, loadEnv } from "../config/env.js";
import { createLlm } from "../config/llm-providers.js";
import { buildRuntime, runOptionSpec } from "../config/run-options.js";
import { createRedactor, redactEvent } from "../trace/redact.js";
import { openTrace, type TraceWriter, traceFromOptions } from "../trace/trace-writer.js";

export const TUI_USAGE = `Usage: langchain-mini [options]      the terminal UI (needs a terminal)

Options: the same as ask's (see: langchain-mini ask --help)
  --llm <spec>       openai[:model], script:<file.json>, llamacpp:<model>, <module>:<model>
  --tools <names>    comma-separated; default: every configured tool
  --max-steps <n>    LLM calls before giving up on a question; default 15
  --session <name>   keep the conversation on disk under a name, and continue it next time
                     (without it the conversation is kept in memory until you quit)
  --history <kind>   what history follow-ups are rewritten from: buffer, window[:turns],
                     tokens[:budget] (default tokens:2000) or summary
  --agent <mode>     react (the text ReAct format, default) or tools (native function calling)
  --trace <file>     write every run's events as JSON lines
  --debug            add stack traces to errors

Keys: Enter asks, Esc cancels, Up/Down recall, PgUp/PgDn scroll, Tab switches pane,
Ctrl+O unfolds observations, Ctrl+P opens the prompt inspector, Ctrl+C quits.
/help in the app lists the commands.`;

export const NOT_A_TERMINAL =
  "langchain-mini: the terminal UI needs a terminal on stdin and stdout; in scripts and pipes use: langchain-mini ask [options] <question...>";

/** No subcommand: the Ink UI. Ink and React load only here, after the checks. */
export async function tui(argv: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...argv],
    options: { ...runOptionSpec, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    process.stdout.write(`${TUI_USAGE}\n`);
    return 0;
  }
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write(`${NOT_A_TERMINAL}\n`);
    return 2;
  }
  // React's development build checks every render (several times slower): users get the
  // production one unless they ask otherwise. It is chosen when React loads, just below.
  process.env.NODE_ENV ??= "production";
  // Ink and React load while the LLM and tools are set up: the input line is ready sooner.
  const ui = import("../ui/start-ui.js");
  const env = loadEnv();
  if (!values.llm && !env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) {
    return setUp("No LLM is configured.", argv, env);
  }
  // A local model to download shows its progress on screen before the chat starts.
  const llm = values.llm?.startsWith("llamacpp:")
    ? await (await import("../ui/download-model.js")).downloadOnScreen(values.llm, env)
    : values.llm;
  let runtime: Awaited<ReturnType<typeof buildRuntime>>;
  try {
    runtime = await buildRuntime({ ...values, llm }, env);
  } catch (error) {
    // A provider that cannot start from its OPENAI_* settings gets the set-up screen; a
    // mistake in a flag the user typed gets its one line (exit 2), as with ask.
    if (values.llm || !isSetupProblem(error)) throw error;
    return setUp(error.message, argv, env);
  }
  const [{ createChatService }, { FileSessionStore }] = await Promise.all([
    import("../ui/chat-service.js"),
    import("@langchain-mini/memory"),
  ]);
  const toolNames = runtime.tools.map((tool) => tool.name);
  const sessionTrace = values.trace ? openTrace(values.trace, env) : undefined;
  const service = createChatService({
    runtime,
    store: new FileSessionStore({ env }),
    history: values.history,
    createLlm: (spec) =>
      createLlm(spec, env, { toolNames, constrained: values.constrained === true }),
    wrapRun: (events) => observed(events, env, sessionTrace),
  });
  try {
    const turns = values.session ? await service.openSession(values.session) : undefined;
    return await (await ui).startChat(service, turns);
  } finally {
    sessionTrace?.close();
  }
}

/** The set-up screen; taking its local-model offer is the same as `--llm llamacpp:<it>`. */
async function setUp(reason: string, argv: readonly string[], env: Env): Promise<number> {
  const [{ startSetup }, { localModelOffer }] = await Promise.all([
    import("../ui/start-ui.js"),
    import("../config/local-model.js"),
  ]);
  const offer = localModelOffer(env);
  const choice = await startSetup(reason, offer);
  return choice === "download" ? tui([...argv, "--llm", offer.spec]) : choice;
}

function isSetupProblem(error: unknown): error is Error {
  return (
    isLangchainMiniError(error) &&
    error.code === "config_invalid" &&
    error.message.includes("OPENAI_")
  );
}

/** Secrets out of every event before the UI draws it; each event into the trace, if any. */
async function* observed(
  events: AsyncIterable<AgentEvent>,
  env: Env,
  sessionTrace: TraceWriter | undefined,
): AsyncGenerator<AgentEvent> {
  const redact = createRedactor(env);
  // Without --trace, LANGCHAIN_MINI_TRACE=<dir> gives each run its own file.
  const trace = sessionTrace ?? traceFromOptions(undefined, env);
  try {
    for await (const event of events) {
      trace?.write(event);
      yield redactEvent(event, redact);
    }
  } finally {
    if (trace !== sessionTrace) trace?.close();
  }
}
