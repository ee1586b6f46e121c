import { isRunId, type RunJournal } from "@langchain-mini/core";
import {
  DEFAULT_KEEP_DAYS,
  findRun,
  type Host,
  jsonText,
  keepDaysSetting,
  listRuns,
  type RunSummary,
  type SessionOptions,
  terminalText,
  usageError,
} from "@langchain-mini/host";
import { parseCommandLine } from "../config/command-line.js";
import { answerOptionSpec } from "../config/run-flags.js";
import { terminalOutput } from "../render/terminal-output.js";
import { createTextTrace } from "../render/text-trace.js";
import type { Shell } from "../shell.js";
import { answerRun } from "./answer-run.js";
import { journalEvents } from "./journal-events.js";

export const RUNS_USAGE = `Usage: langchain-mini runs [list]          unfinished runs (running, interrupted, paused)
       langchain-mini runs show <id>      a run's steps, as replay --text shows a trace
       langchain-mini runs resume <id>    take up a run that stopped before its answer
       langchain-mini runs approve <id>   approve the call a paused run waits on, and go on
       langchain-mini runs deny <id>      deny it (--note: what the model is told), and go on
       langchain-mini runs delete <id>    forget a run

Every run of ask and the terminal UI is journaled in the store (unless --no-journal): each
LLM completion, tool call and result, and approval, as it happens. Resuming replays what
was recorded without calling the LLM or a tool again, then goes on live, with the run's
own model, tools and limits (flags below override them; keys come from the environment).
Runs are kept LANGCHAIN_MINI_RUNS_KEEP_DAYS days after their last step (default ${DEFAULT_KEEP_DAYS}).

Options:
  --all           list: finished runs too
  --json          list: one JSON object a line (runId, status, question, model, updatedAt);
                  resume, approve, deny: one JSON event per line, as ask --json
  --note <text>   approve, deny: what the model is told with the decision
  --store <url>   the store the runs are in (or LANGCHAIN_MINI_STORE): a directory or file:
                  (the default: LANGCHAIN_MINI_HOME/sessions), redis:// or rediss://, or
                  <module>[:<url>] (see ask --help)
  --llm, --tools, --mcp, --agent, --max-steps, --max-tokens, --approval, --trace, --verbose,
  --context-window, --max-cost, --max-tokens-total:
                  resume, approve, deny: as for ask (a run keeps its own budgets)
  --trust         this run only: let the folder's .env name code and commands (see README)

Exit status: list, show, delete: 0, or 2 for a run or store that cannot be used;
resume, approve, deny: as ask (0 answered, 1 no answer, 2 usage, 3 paused again).`;

const ACTIONS = ["list", "show", "resume", "approve", "deny", "delete"] as const;
type Action = (typeof ACTIONS)[number];

/** `runs`: list, show, resume, approve, deny and delete journaled runs. Returns the exit status. */
export async function runs(argv: readonly string[], shell: Shell): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: [...argv],
    options: { ...answerOptionSpec, all: { type: "boolean" }, note: { type: "string" } },
    allowPositionals: true,
  });
  if (values.help) {
    process.stdout.write(`${RUNS_USAGE}\n`);
    return 0;
  }
  const [word = "list", id, ...extra] = positionals;
  const action = ACTIONS.find((known) => known === word);
  if (!action) throw usageError(`runs has no action '${word}': use ${ACTIONS.join(", ")}`);
  if (extra.length) throw usageError(`runs ${action} takes one run id.\n${RUNS_USAGE}`);
  if (action === "list") return list(shell, values);
  if (!id) throw usageError(`runs ${action} needs a run id: langchain-mini runs list shows them`);
  if (!isRunId(id))
    throw usageError(`'${id}' is not a run id: langchain-mini runs list shows them`);
  if (values.note !== undefined && action !== "approve" && action !== "deny") {
    throw usageError("--note goes with runs approve or runs deny");
  }
  if (action === "show" || action === "delete") return inspect(shell, values, action, id);
  return answerRun(values, shell, {
    options: (host) => resumeOptions(host, id, values),
    start: (session, options) =>
      session.resume(id, {
        ...options,
        ...(action === "resume"
          ? {}
          : {
              decision: {
                approved: action === "approve",
                ...(values.note === undefined ? {} : { note: values.note }),
              },
            }),
      }),
  });
}

interface RunsFlags {
  readonly store?: string;
  readonly trust?: boolean;
  readonly json?: boolean;
  readonly all?: boolean;
}

async function list(shell: Shell, flags: RunsFlags) {
  return withJournal(shell, flags, async (journal, host, where) => {
    const keepDays = keepDaysSetting(host.env);
    const found = await listRuns(journal, {
      keepDays,
      onWarning: (message) => warn(host.secrets.redact(message)),
    });
    const shown = flags.all ? found : found.filter(unfinished);
    if (shown.length === 0 && !flags.json) {
      process.stderr.write(terminalText(`No ${flags.all ? "" : "unfinished "}runs in ${where}\n`));
    }
    const redact = host.secrets.redact;
    for (const run of shown) {
      process.stdout.write(
        flags.json ? `${jsonText(listing(run, redact))}\n` : `${terminalText(line(run, redact))}\n`,
      );
    }
    return 0;
  });
}

async function inspect(shell: Shell, flags: RunsFlags, action: Action, id: string) {
  return withJournal(shell, flags, async (journal, host, where) => {
    const found = await findRun(journal, id);
    if (!found) {
      throw usageError(
        `There is no run ${id} in ${where}: langchain-mini runs list --all shows the runs kept`,
      );
    }
    if (action === "delete") {
      if (found.summary.status === "running") {
        throw usageError(`Run ${id} is still running: stop it before deleting its journal`);
      }
      await journal.delete(id);
      process.stderr.write(`Deleted run ${id}\n`);
      return 0;
    }
    const { records, warnings } = found.run;
    for (const warning of warnings) warn(host.secrets.redact(warning));
    const output = terminalOutput(process.stdout);
    const trace = createTextTrace(output);
    for (const event of journalEvents(records)) trace(event);
    output.flush();
    process.stdout.write(`${terminalText(`Status: ${found.summary.status}`)}\n`);
    return 0;
  });
}

/** The store's journal for a command that reads it, closed after. */
async function withJournal(
  shell: Shell,
  flags: RunsFlags,
  use: (journal: RunJournal, host: Host, where: string) => Promise<number>,
) {
  const { host, warnings } = await shell.openHost({ trust: flags.trust, store: flags.store });
  for (const warning of warnings) process.stderr.write(`Warning: ${terminalText(warning)}\n`);
  const { store, where } = await host.openStore();
  try {
    if (!store.runs) throw usageError(`The store ${where} keeps no run journals`);
    return await use(store.runs, host, where);
  } finally {
    await store.close?.();
  }
}

/**
 * A run's own model, tools and limits from its journal, each overridden by a flag given
 * now; the conversation it belongs to, in the same store.
 */
async function resumeOptions(
  host: Host,
  id: string,
  flags: Readonly<Record<string, string | boolean | undefined>>,
): Promise<SessionOptions> {
  const { store, where } = await host.openStore();
  let run: RunSummary | undefined;
  try {
    run = store.runs && (await findRun(store.runs, id))?.summary;
  } finally {
    await store.close?.();
  }
  if (!run) {
    throw usageError(
      `There is no run ${id} in ${where}: langchain-mini runs list shows the runs kept`,
    );
  }
  const recorded = run.settings;
  const flag = (name: string) => {
    const value = flags[name];
    return typeof value === "string" ? value : undefined;
  };
  return {
    llm: flag("llm") ?? recorded.llm,
    tools: flag("tools") ?? recorded.toolsSpec ?? recorded.tools.join(","),
    mcp: flag("mcp") ?? recorded.mcp,
    agent: flag("agent") ?? recorded.agent,
    maxSteps: flag("max-steps") ?? recorded.maxSteps,
    maxTokens: flag("max-tokens") ?? recorded.maxTokens,
    contextWindow: flag("context-window"),
    maxCost: flag("max-cost") ?? recorded.maxCost,
    maxTokensTotal: flag("max-tokens-total") ?? recorded.maxTokensTotal,
    sessionMaxCost: flag("session-max-cost"),
    approval: flag("approval") ?? recorded.approval,
    history: flag("history"),
    trace: flag("trace"),
    constrained: flags.constrained === true,
    ...(recorded.session ? { session: recorded.session } : {}),
  };
}

const unfinished = (run: RunSummary) =>
  run.status === "running" || run.status === "interrupted" || run.status === "paused";

/** A run as `runs list --json` gives it: text from the journal blanked of keys. */
function listing(run: RunSummary, redact: (text: string) => string) {
  return {
    runId: run.runId,
    status: run.status,
    question: redact(run.question),
    model: `${run.settings.provider}:${run.settings.model}`,
    startedAt: run.startedAt,
    updatedAt: run.updatedAt.toISOString(),
    ...(run.waitingOn
      ? { waitingOn: { tool: redact(run.waitingOn.tool), input: redact(run.waitingOn.input) } }
      : {}),
    ...(run.heldBy ? { heldBy: run.heldBy } : {}),
  };
}

function line(run: RunSummary, redact: (text: string) => string) {
  const question = redact(run.question).replace(/\s+/g, " ").slice(0, 80);
  const waiting = run.waitingOn ? ` (waits on ${redact(run.waitingOn.tool)})` : "";
  return `${run.runId}\t${run.status}${waiting}\t${run.updatedAt.toISOString()}\t${question}`;
}

function warn(message: string) {
  process.stderr.write(`langchain-mini: ${terminalText(message)}\n`);
}
