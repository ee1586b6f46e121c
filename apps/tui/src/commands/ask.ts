import { type AgentEvent, DEFAULT_MAX_STEPS, DEFAULT_MAX_TOKENS } from "@langchain-mini/core";
import {
  createLineBatch,
  DEFAULT_HISTORY,
  jsonText,
  STORE_HELP,
  terminalText,
  usageError,
} from "@langchain-mini/host";
import { unaskedNotice } from "../approval/approval-text.js";
import { parseCommandLine } from "../config/command-line.js";
import { runOptionSpec, sessionOptions } from "../config/run-flags.js";
import { createDownloadProgress } from "../render/download-progress.js";
import { createLiveLine } from "../render/live-line.js";
import { terminalOutput } from "../render/terminal-output.js";
import { createTextTrace } from "../render/text-trace.js";
import { createVerboseTrace } from "../render/verbose-trace.js";
import type { Shell } from "../shell.js";

export const ASK_USAGE = `Usage: langchain-mini ask [options] <question...>

Options:
  --llm <spec>       openai[:model] (OpenAI or any OpenAI-compatible server; reads OPENAI_API_KEY,
                     OPENAI_BASE_URL (a bare host gets /v1), OPENAI_MODEL (default gpt-4.1-mini)
                     and OPENAI_TIMEOUT_MS; the default when OPENAI_API_KEY or OPENAI_BASE_URL
                     is set)
                     anthropic[:model] (Claude; reads ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL (with
                     or without /v1), ANTHROPIC_MODEL (default claude-haiku-5-5) and
                     ANTHROPIC_TIMEOUT_MS; the default when only its key or base URL is set)
                     google[:model] (Google's Gemini API; reads GEMINI_API_KEY or GOOGLE_API_KEY,
                     GOOGLE_GEMINI_BASE_URL or GEMINI_BASE_URL (with or without /v1 or /v1beta),
                     GEMINI_MODEL (default gemini-3.8-flash) and GEMINI_TIMEOUT_MS; the default
                     when only its key or base URL is set)
                     a base URL naming any server but the provider's own needs no key
                     script:<file.json> (offline: the model's replies in order, a JSON array of
                     strings or {"text", "toolCalls", "delayMs"}: see "Script files" in the README)
                     llamacpp:<file.gguf | URL | hf:user/repo:quant> (a local model, in process;
                     downloads go to LANGCHAIN_MINI_HOME/models and are reused)
                     <module>:<model> (a plug-in: a provider package added with
                     langchain-mini plugins add or installed in this project, or a file
                     such as ./my-llm.js, that exports createLlm)
  --constrained      with llamacpp: decode only well-formed ReAct steps naming the tools given
  --tools <names>    comma-separated: search (needs SERPAPI_API_KEY), calculator, hackernews,
                     python (an add-on: Python in a sandbox);
                     default: search and calculator (search only with its key)
                     a name may be a tool package added with langchain-mini plugins add
                     or installed in this project, or a file such as ./my-tool.js, that
                     exports createTools
  --mcp <file>       the tools of every MCP server in a JSON file {"mcpServers": {"<name>":
                     {"command", "args", "env", "cwd"} or {"url", "headers"}}} (or LANGCHAIN_MINI_MCP)
  --agent <mode>     react (the text ReAct format, default) or tools (native function calling)
  --max-steps <n>    steps (an LLM call and its tool call) before giving up; default ${DEFAULT_MAX_STEPS}
  --approval <when>  which tool calls wait for your yes: auto (default: those of tools with
                     side effects, such as MCP tools not marked read-only), always, or never;
                     asked on the terminal; without one such calls are declined
  --max-tokens <n>   output tokens per LLM call; default ${DEFAULT_MAX_TOKENS} (a reply cut there is a warning)
  --session <name>   hold a conversation: follow-ups are rewritten into standalone questions
                     from the session's history, and each answered turn is stored
                     (in the store below)
  ${STORE_HELP}
  --history <kind>   what history a session's prompts get: buffer, window[:turns],
                     tokens[:budget] (default ${DEFAULT_HISTORY}) or summary
  --json             one JSON event per line on stdout instead of text
  --verbose          also show every prompt and raw completion, and a run summary
  --trace <file>     write every event as JSON lines (LANGCHAIN_MINI_TRACE=<dir>: one file per run)
  --trust            this run only: let the folder's .env name code and commands (see README)
  --debug            add stack traces to errors

Exit status: 0 answered, 1 no answer (or, with --session, an answer printed but not saved:
a warning says why), 2 usage or configuration error, 130/143 stopped by SIGINT
(Ctrl-C)/SIGTERM.`;

const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/** `ask`: one question, the answer on stdout, the trace on stderr. Returns the exit status. */
export async function ask(argv: readonly string[], shell: Shell): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: [...argv],
    options: {
      ...runOptionSpec,
      json: { type: "boolean" },
      verbose: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: true,
  });
  if (values.help) {
    process.stdout.write(`${ASK_USAGE}\n`);
    return 0;
  }
  const question = positionals.join(" ").trim();
  if (!question) {
    throw usageError("No question given: run langchain-mini ask [options] <question...>");
  }
  const options = sessionOptions(values);
  // On a terminal, a line under the trace shows what the model or a tool is doing, and
  // the model's text as it comes; --json and a piped stderr never get it.
  const live =
    !values.json && process.stderr.isTTY && process.env.TERM !== "dumb"
      ? createLiveLine(process.stderr)
      : undefined;
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (signal === "SIGINT") live?.interrupted();
    controller.abort();
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  // Set-up work (a model download) draws a bar on stderr; a signal ends it too.
  const bar = createDownloadProgress(process.stderr);
  const { host, warnings } = await shell.openHost({
    trust: values.trust,
    store: values.store,
    signal: controller.signal,
    onProgress: bar.report,
  });
  // Before anything that may fail for want of the variable the line was meant to set.
  for (const warning of warnings) process.stderr.write(`Warning: ${terminalText(warning)}\n`);
  // --json lines go out together, once per tick of the event loop.
  const json = values.json ? createLineBatch((text) => process.stdout.write(text)) : undefined;
  // The text trace on stderr: one write per tick of the event loop.
  const stderr = terminalOutput(process.stderr, live?.around);
  const display: Array<(event: AgentEvent) => void> = [];
  if (!json) display.push(createTextTrace(stderr));
  if (values.verbose && !json) display.push(createVerboseTrace(stderr));
  if (live) display.push(live.show);
  const show = (event: AgentEvent) => {
    for (const consumer of display) consumer(event);
  };
  try {
    const session = await host
      .openSession({ ...options, onWarning: warn, onLog: show })
      .finally(bar.finish);
    const notices = [...session.notices];
    if (values.history && !values.session) {
      notices.push("--history has no effect without --session: a single question has no history");
    }
    if (values.store && !values.session) {
      notices.push("--store has no effect without --session: a single question is not stored");
    }
    // On a terminal the user is asked about calls that wait for approval; elsewhere core
    // declines them, and a line on stderr says so.
    const interactive = process.stdin.isTTY && process.stderr.isTTY;
    // Loaded only then: readline is a start-up cost a pipe or a script never needs.
    const approve = interactive
      ? (await import("../approval/terminal-approval.js")).createTerminalApproval({
          input: process.stdin,
          output: process.stderr,
          // The call's Action lines are still on their way: let them be drawn, then ask.
          beforeAsking: async () => {
            await new Promise((resolve) => setImmediate(resolve));
            stderr.flush();
          },
        })
      : undefined;
    const run = session.ask(question, {
      signal: controller.signal,
      ...(approve ? { approve } : {}),
      warnings: notices,
      // Plug-ins' log lines (an MCP server's stderr) go to the trace file and --verbose only.
      ...(json
        ? { onWire: (event) => event.type !== "log" && json.add(`${jsonText(event)}\n`) }
        : {}),
    });
    for await (const event of run) {
      show(event);
      if (event.type === "approval" && !event.asked) {
        stderr.write(`${unaskedNotice(host.secrets.redact(terminalText(event.tool)))}\n`);
      }
    }
    const result = await run.result;
    // A plug-in that broke its contract mid-run is a configuration error, as at start-up.
    if (result.status !== "answered") return result.error?.code === "config_invalid" ? 2 : 1;
    stderr.flush();
    if (!json) process.stdout.write(`${shell.redact(terminalText(result.answer ?? ""))}\n`);
    // The warning said why; scripts learn it from the status.
    return result.saved === false ? 1 : 0;
  } finally {
    // Servers the tools started (MCP) are stopped before the process exits.
    live?.stop();
    await host.close();
    json?.flush();
    stderr.flush();
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
  }
}

function warn(message: string) {
  process.stderr.write(`langchain-mini: ${terminalText(message)}\n`);
}
