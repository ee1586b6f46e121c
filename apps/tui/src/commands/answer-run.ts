import type { AgentEvent } from "@langchain-mini/core";
import {
  type AskOptions,
  createLineBatch,
  type Host,
  jsonText,
  type Session,
  type SessionOptions,
  type SessionRun,
  terminalText,
} from "@langchain-mini/host";
import { unaskedNotice } from "../approval/approval-text.js";
import { createDownloadProgress } from "../render/download-progress.js";
import { createLiveLine } from "../render/live-line.js";
import { terminalOutput } from "../render/terminal-output.js";
import { createTextTrace } from "../render/text-trace.js";
import { createVerboseTrace } from "../render/verbose-trace.js";
import type { Shell } from "../shell.js";

const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/** The exit status of a run paused for a person's approval (see `runs approve`). */
export const PAUSED_STATUS = 3;

/** What every command that runs a question takes: where output goes, which store, trust. */
export interface AnswerFlags {
  readonly json?: boolean;
  readonly verbose?: boolean;
  readonly trust?: boolean;
  readonly store?: string;
}

export interface AnswerRun {
  /** The session's options, once the host is open (`runs resume` reads them from the journal). */
  readonly options: (host: Host) => SessionOptions | Promise<SessionOptions>;
  /** Starts the run on the open session. */
  readonly start: (session: Session, options: AskOptions) => SessionRun | Promise<SessionRun>;
}

/**
 * One run from the command line, as `ask` and `runs resume|approve|deny` make it: the
 * answer on stdout, the trace on stderr (or --json events on stdout), a person asked
 * about approvals on a terminal. Returns the exit status: 0 answered, 1 no answer,
 * 2 a configuration error, 3 paused for an approval.
 */
export async function answerRun(flags: AnswerFlags, shell: Shell, run: AnswerRun) {
  // On a terminal, a line under the trace shows what the model or a tool is doing, and
  // the model's text as it comes; --json and a piped stderr never get it.
  const live =
    !flags.json && process.stderr.isTTY && process.env.TERM !== "dumb"
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
    trust: flags.trust,
    store: flags.store,
    signal: controller.signal,
    onProgress: bar.report,
  });
  // Before anything that may fail for want of the variable the line was meant to set.
  for (const warning of warnings) process.stderr.write(`Warning: ${terminalText(warning)}\n`);
  // --json lines go out together, once per tick of the event loop.
  const json = flags.json ? createLineBatch((text) => process.stdout.write(text)) : undefined;
  // The text trace on stderr: one write per tick of the event loop.
  const stderr = terminalOutput(process.stderr, live?.around);
  const display: Array<(event: AgentEvent) => void> = [];
  if (!json) display.push(createTextTrace(stderr));
  if (flags.verbose && !json) display.push(createVerboseTrace(stderr));
  if (live) display.push(live.show);
  const show = (event: AgentEvent) => {
    for (const consumer of display) consumer(event);
  };
  try {
    const options = await run.options(host);
    const session = await host
      .openSession({ ...options, onWarning: warn, onLog: show })
      .finally(bar.finish);
    // On a terminal the user is asked about calls that wait for approval; elsewhere core
    // declines them (or, with --approval pause, the run pauses), and a line says so.
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
    const started = await run.start(session, {
      signal: controller.signal,
      ...(approve ? { approve } : {}),
      warnings: session.notices,
      // Plug-ins' log lines (an MCP server's stderr) go to the trace file and --verbose only.
      ...(json
        ? { onWire: (event) => event.type !== "log" && json.add(`${jsonText(event)}\n`) }
        : {}),
    });
    let runId = "";
    let tool = "";
    for await (const event of started) {
      show(event);
      if (event.type === "run-start") runId = event.runId;
      if (event.type === "action") tool = event.tool;
      if (event.type === "approval" && !event.asked) {
        stderr.write(`${unaskedNotice(host.secrets.redact(terminalText(event.tool)))}\n`);
      }
    }
    const result = await started.result;
    if (result.status === "paused") {
      stderr.flush();
      warn(
        `run ${runId} is paused: ${host.secrets.redact(tool)} waits for your approval. Approve it with: langchain-mini runs approve ${runId} (or deny it: langchain-mini runs deny ${runId} --note "why")`,
      );
      return PAUSED_STATUS;
    }
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
