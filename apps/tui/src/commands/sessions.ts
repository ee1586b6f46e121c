import { checkSessionName, type SessionStore, turnsOf } from "@langchain-mini/core";
import { terminalText, usageError } from "@langchain-mini/host";
import { parseActionCommand } from "../config/action-command.js";
import type { Shell } from "../shell.js";

export const SESSIONS_USAGE = `Usage: langchain-mini sessions [list]          the stored conversations, newest first
       langchain-mini sessions show <name>     a conversation's questions and answers
       langchain-mini sessions delete <name>   forget a conversation

Options:
  --store <url>   the store to look in (or LANGCHAIN_MINI_STORE): a directory or file: (the
                  default: LANGCHAIN_MINI_HOME/sessions, ~/.local/share/langchain-mini),
                  redis:// or rediss://, or <module>[:<url>] (see ask --help)
  --trust         this run only: let the folder's .env name code and commands (see README)`;

/** `sessions`: list, show and delete stored conversations. Returns the exit status. */
export async function sessions(argv: readonly string[], shell: Shell): Promise<number> {
  const parsed = parseActionCommand("sessions", argv, SESSIONS_USAGE, {
    store: { type: "string" },
  });
  if (!parsed) return 0;
  const { values, action, name } = parsed;
  const { host, warnings } = await shell.openHost({ trust: values.trust, store: values.store });
  for (const warning of warnings) warn(warning);
  const { store, where } = await host.openStore();
  // A session written before keys were blanked on the way in still shows none.
  const { redact } = host.secrets;
  try {
    return await act(store, where, action, name, redact);
  } finally {
    await store.close?.();
  }
}

async function act(
  store: SessionStore,
  where: string,
  action: string,
  name: string | undefined,
  redact: (text: string) => string,
) {
  if (action === "list") {
    // A bad entry of a store's index (a time no date can show) is skipped, with a line.
    const found = await store.list({
      onWarning: (message) => process.stderr.write(`Warning: ${redact(terminalText(message))}\n`),
    });
    if (found.length === 0)
      process.stderr.write(
        terminalText(`No sessions yet in ${where}: start one with ask --session <name>\n`),
      );
    for (const session of found) {
      const turns = session.problem
        ? `unreadable (${session.problem})`
        : `${session.turns} turn${session.turns === 1 ? "" : "s"}`;
      // Names and problems come from a store, possibly a plug-in's: foreign text.
      const line = `${session.name}\t${turns}\t${session.updatedAt.toISOString()}`;
      process.stdout.write(`${terminalText(line)}\n`);
    }
    return 0;
  }
  if (!name) throw usageError(`sessions ${action} needs a session name.\n${SESSIONS_USAGE}`);
  if (action === "show") {
    const { records, warnings } = await store.load(name);
    for (const warning of warnings) {
      process.stderr.write(`langchain-mini: ${redact(terminalText(warning))}\n`);
    }
    const turns = turnsOf(records);
    if (turns.length === 0) throw noSession(name);
    for (const turn of turns) {
      const standalone = turn.standaloneQuestion
        ? `\n   (asked as: ${turn.standaloneQuestion})`
        : "";
      process.stdout.write(
        redact(terminalText(`Q: ${turn.question}${standalone}\nA: ${turn.answer}\n`)),
      );
    }
    const summary = records.findLast((record) => record.type === "summary");
    if (summary?.type === "summary") {
      process.stdout.write(
        redact(terminalText(`Summary (of ${summary.coveredTurns} turns): ${summary.summary}\n`)),
      );
    }
    return 0;
  }
  if (action === "delete") {
    checkSessionName(name);
    // One that its store's index leaves out (a bad entry there) is still there to delete.
    const listed = (await store.list()).some((session) => session.name === name);
    if (!listed && (await store.load(name)).records.length === 0) throw noSession(name);
    await store.clear(name);
    process.stderr.write(`Deleted session '${name}'\n`);
    return 0;
  }
  throw usageError(`Unknown sessions action '${action}': use list, show or delete`);
}

function warn(message: string) {
  process.stderr.write(`Warning: ${terminalText(message)}\n`);
}

function noSession(name: string) {
  return usageError(`No session named '${name}': list them with langchain-mini sessions`);
}
