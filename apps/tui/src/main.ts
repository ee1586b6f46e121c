// `langchain-mini` itself, imported by the bin (cli.ts) once it has checked the Node version
// and turned on the compile cache.
import { environmentSecrets, readDotEnv } from "@langchain-mini/host";
import { routeConsoleToStderr } from "./config/console-route.js";
import { exitWith, guardOutput } from "./output-guard.js";
import { reportFailure } from "./report-failure.js";
import { createShell, type Shell } from "./shell.js";
import { handleStopSignals, stoppedStatus, wasStopped } from "./stop-signals.js";

guardOutput();
handleStopSignals();

const HELP = `langchain-mini: ask an LLM agent questions, with tools, in a ReAct loop.

Usage:
  langchain-mini [tui] [options]                the terminal UI, on a terminal (see: tui --help)
  langchain-mini ask [options] <question...>    answer one question (see: ask --help)
  langchain-mini replay [options] <trace.jsonl> replay a recorded run (see: replay --help)
  langchain-mini sessions [list|show|delete]    stored conversations (see: sessions --help)
  langchain-mini runs [list|show|resume|approve|deny|delete]
                                                journaled runs: resume one that stopped,
                                                approve a paused one (see: runs --help)
  langchain-mini plugins [list|add|remove]      providers, tools and stores (see: plugins --help)
  langchain-mini serve [options]                the agent over HTTP: an API and a web page
                                                (see: serve --help)
  langchain-mini eval [options] <suite.jsonl>   score models on a suite of questions: pass
                                                rate, cost, reports (see: eval --help)
  langchain-mini --version                      the version`;

const debug = process.argv.includes("--debug");
/** The exit status for a failure: one line (with secrets blanked), or 1 after a stop. */
const failed = (error: unknown, redact: (text: string) => string) =>
  wasStopped() ? 1 : reportFailure(error, debug, redact);

async function main(argv: readonly string[]): Promise<number> {
  // The working directory's .env, read once: commands take their settings from it (as far
  // as the folder is trusted), and every line that leaves the process blanks its keys.
  const shell = createShell(await readDotEnv(process.cwd()));
  // Console lines (a vendor SDK's own log) go to stderr with secrets blanked, never to
  // stdout; the terminal UI sends them to its trace instead.
  routeConsoleToStderr(shell.redact);
  return run(argv, shell).catch((error: unknown) => failed(error, shell.redact));
}

// Commands are imported on demand so that `ask` never loads what only another command needs.
async function run(argv: readonly string[], shell: Shell): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "ask":
      return (await import("./commands/ask.js")).ask(rest, shell);
    case "sessions":
      return (await import("./commands/sessions.js")).sessions(rest, shell);
    case "runs":
      return (await import("./commands/runs.js")).runs(rest, shell);
    case "plugins":
      return (await import("./commands/plugins.js")).plugins(rest, shell);
    case "replay":
      return (await import("./commands/replay.js")).replay(rest, shell);
    case "serve":
      return (await import("./commands/serve.js")).serve(rest, shell);
    case "eval":
      return (await import("./commands/eval.js")).evaluate(rest, shell);
    case "--version":
    case "-v":
      return (await import("./commands/version.js")).version();
    case undefined:
    case "tui":
      return (await import("./commands/tui.js")).tui(rest, shell);
    case "--help":
    case "-h":
    case "help":
      process.stdout.write(`${HELP}\n`);
      return 0;
    default:
      // Options with no command (`langchain-mini --llm …`) are the terminal UI's.
      if (command.startsWith("-")) return (await import("./commands/tui.js")).tui(argv, shell);
      process.stderr.write(
        `langchain-mini: unknown command '${command}': run langchain-mini --help\n`,
      );
      return 2;
  }
}

const finish = (status: number) => exitWith(stoppedStatus(status));
// Nothing left to wait for, yet the command has not finished: a plug-in's promise that
// never settles. Not exit 0, which means an answer was written.
process.once("beforeExit", () => {
  process.stderr.write(
    "langchain-mini: stopped: the command was left waiting for something that can never happen (a plug-in promise that never settles?)\n",
  );
  process.exit(1);
});
// A failure before the shell (reading .env) blanks the environment's secrets.
main(process.argv.slice(2)).then(finish, (error: unknown) =>
  finish(failed(error, environmentSecrets(process.env).redact)),
);
