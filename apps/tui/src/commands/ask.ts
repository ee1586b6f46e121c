import {
  DEFAULT_CONTEXT_WINDOW,
  DEFAULT_MAX_STEPS,
  DEFAULT_MAX_TOKENS,
} from "@langchain-mini/core";
import { DEFAULT_HISTORY, STORE_HELP, usageError } from "@langchain-mini/host";
import { parseCommandLine } from "../config/command-line.js";
import { answerOptionSpec, sessionOptions } from "../config/run-flags.js";
import type { Shell } from "../shell.js";
import { answerRun } from "./answer-run.js";

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
                     side effects, such as MCP tools not marked read-only), always, never,
                     or pause; asked on the terminal; without one such calls are declined,
                     or with pause the run is kept, paused, until langchain-mini runs
                     approve|deny <run id> (exit status 3)
  --max-tokens <n>   output tokens per LLM call; default ${DEFAULT_MAX_TOKENS} (a reply cut there is a warning)
  --context-window <tokens>
                     the model's context window, over its provider's figure and prices.json's;
                     unknown: ${DEFAULT_CONTEXT_WINDOW.toLocaleString("en-US")} is assumed, and said once per model
  --max-cost <usd>   stop the run before an LLM call that could take it past this many US
                     dollars (each call counted at its --max-tokens); needs the model's price
  --max-tokens-total <n>
                     the same in tokens (prompts and replies together), for any model
  --session-max-cost <usd>
                     the same for all the runs of the session together
  --session <name>   hold a conversation: follow-ups are rewritten into standalone questions
                     from the session's history, and each answered turn is stored
                     (in the store below)
  ${STORE_HELP}
  --history <kind>   what history a session's prompts get: buffer, window[:turns],
                     tokens[:budget] (default ${DEFAULT_HISTORY}) or summary
  --no-journal       keep no journal of the run (by default each run is journaled in the
                     store, so that langchain-mini runs resume can take it up if it stops)
  --json             one JSON event per line on stdout instead of text
  --verbose          also show every prompt and raw completion, and a run summary
  --trace <file>     write every event as JSON lines (LANGCHAIN_MINI_TRACE=<dir>: one file per run)
  --trust            this run only: let the folder's .env name code and commands (see README)
  --debug            add stack traces to errors

Exit status: 0 answered, 1 no answer (a limit reached, such as --max-cost's budget_exceeded;
or, with --session, an answer printed but not saved: a warning says why), 2 usage or
configuration error, 3 paused for an approval (--approval pause), 130/143 stopped by
SIGINT (Ctrl-C)/SIGTERM.`;

/** `ask`: one question, the answer on stdout, the trace on stderr. Returns the exit status. */
export async function ask(argv: readonly string[], shell: Shell): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: [...argv],
    options: answerOptionSpec,
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
  const notices =
    values.history && !values.session
      ? ["--history has no effect without --session: a single question has no history"]
      : [];
  return answerRun(values, shell, {
    options: () => options,
    start: (session, askOptions) =>
      session.ask(question, {
        ...askOptions,
        warnings: [...(askOptions.warnings ?? []), ...notices],
      }),
  });
}
