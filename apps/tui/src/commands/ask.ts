import { parseArgs } from "node:util";
import type { AgentEvent } from "@langchain-mini/core";
import { loadEnv } from "../config/env.js";
import { buildRuntime, runOptionSpec } from "../config/run-options.js";
import { createRunner } from "../config/runner.js";
import { usageError } from "../config/usage-error.js";
import { createTextTrace } from "../render/text-trace.js";
import { createVerboseTrace } from "../render/verbose-trace.js";
import { createRedactor, redactEvent } from "../trace/redact.js";
import { traceFromOptions } from "../trace/trace-writer.js";

export const ASK_USAGE = `Usage: langchain-mini ask [options] <question...>

Options:
  --llm <spec>       openai[:model] (OpenAI or any OpenAI-compatible server; reads OPENAI_API_KEY,
                     OPENAI_BASE_URL, OPENAI_MODEL (default gpt-4.1-mini) and OPENAI_TIMEOUT_MS;
                     the default when OPENAI_API_KEY or OPENAI_BASE_URL is set)
                     script:<file.json> (replies in order, offline)
                     llamacpp:<file.gguf | URL | hf:user/repo:quant> (a local model, in process;
                     downloads go to LANGCHAIN_MINI_HOME/models and are reused)
                     <module>:<model> (a plug-in: a provider package installed in this
                     project, or a file such as ./my-llm.js, that exports createLlm)
  --constrained      with llamacpp: decode only well-formed ReAct steps naming the tools given
  --tools <names>    comma-separated: search (needs SERPAPI_API_KEY), calculator, hackernews;
                     default: search and calculator (search only with its key)
                     a name may be a tool package installed in this project, or a file
                     such as ./my-tool.js, that exports createTool
  --agent <mode>     react (the text ReAct format, default) or tools (native function calling)
  --max-steps <n>    LLM calls before giving up; default 15
  --session <name>   hold a conversation: follow-ups are rewritten into standalone questions
                     from the session's history, and each answered turn is stored
                     (LANGCHAIN_MINI_HOME, default ~/.local/share/langchain-mini)
  --history <kind>   what history a session's prompts get: buffer, window[:turns],
                     tokens[:budget] (default tokens:2000) or summary
  --json             one JSON event per line on stdout instead of text
  --verbose          also show every prompt and raw completion, and a run summary
  --trace <file>     write every event as JSON lines (LANGCHAIN_MINI_TRACE=<dir>: one file per run)
  --debug            add stack traces to errors

Exit status: 0 answered, 1 no answer, 2 usage or configuration error.`;

/** `ask`: one question, the answer on stdout, the trace on stderr. Returns the exit status. */
export async function ask(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
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

  const env = loadEnv();
  const runtime = await buildRuntime(values, env);
  const renderers = [values.json ? writeJsonLine : createTextTrace(process.stderr)];
  if (values.verbose && !values.json) renderers.push(createVerboseTrace(process.stderr));
  const trace = traceFromOptions(values.trace, env);
  if (trace) renderers.push((event) => trace.write(event));
  const redact = createRedactor(env);
  const render = (event: AgentEvent) => {
    const safe = redactEvent(event, redact);
    for (const renderer of renderers) renderer(safe);
  };

  const runner = await createRunner(runtime, values, env);
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const run = runner.run(question, { signal: controller.signal });
    for await (const event of run) {
      render(event);
      // Notices (a tool left out for want of a key) follow run-start, which stays first.
      if (event.type === "run-start") {
        for (const notice of runtime.notices) render({ type: "warning", message: notice });
      }
    }
    const result = await run.result;
    if (result.status !== "answered") return 1;
    if (!values.json) process.stdout.write(`${redact(result.answer ?? "")}\n`);
    return 0;
  } finally {
    trace?.close();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

function writeJsonLine(event: AgentEvent) {
  process.stdout.write(`${JSON.stringify(event)}\n`);
}
