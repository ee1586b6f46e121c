// SIGHUP: the terminal went away. MCP servers lead process groups of their own and no
// longer hear it from the terminal, so the command must stop them itself.
const STATUS = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
type StopSignal = keyof typeof STATUS;

/**
 * How long a command gets to wind down after the first signal (end its run, close a
 * trace, stop MCP servers): tens of milliseconds even on a busy machine. Past it, a
 * command stuck on something that ignores the stop (a plug-in factory that never returns)
 * still ends within a second of the signal.
 */
const GRACE_MS = 900;

let received: StopSignal | undefined;
let grace = GRACE_MS;
let reported = false;

/**
 * SIGINT, SIGTERM and SIGHUP end every command promptly, whatever it waits on. A command that
 * listens itself (ask aborts its run) winds down, and the process ends once it is done,
 * or GRACE_MS after the signal (a plug-in that ignores its AbortSignal, a write that never
 * returns), or at once on a second signal; a command that does not listen ends at once.
 * The exit status is the shell's for the signal (130, 143, 129), with one line saying why.
 */
export function handleStopSignals() {
  // Node ignores SIGXFSZ, so a write past the file-size limit (`ulimit -f`) fails with
  // EFBIG and the session store can put the file back; but signal-exit (loaded by Ink)
  // re-raises any signal it sees with no other listener, which kills the terminal UI half
  // way through a write. This listener keeps the signal what Node made it: nothing.
  process.on("SIGXFSZ", () => {});
  for (const signal of Object.keys(STATUS) as StopSignal[]) {
    process.on(signal, () => {
      // Ctrl+C: the terminal has echoed `^C` where the cursor was, so whatever is said
      // next (the cancelled run, the line below) starts a line of its own.
      if (signal === "SIGINT" && !received && process.stderr.isTTY) process.stderr.write("\n");
      const commandListens = process.listenerCount(signal) > 1;
      if (received || !commandListens) stopNow(signal);
      received = signal;
      // Kept alive by this timer even when what it waited on can never settle; a command
      // that finishes sooner exits through `stoppedStatus` instead.
      setTimeout(() => stopNow(signal), grace);
    });
  }
}

/** Whether a stop signal came: a failure after it is the stop, not news for the user. */
export function wasStopped() {
  return received !== undefined;
}

/** After a stop signal, the signal's exit status (and the line that says so); else `status`. */
export function stoppedStatus(status: number) {
  if (!received) return status;
  report(received);
  return STATUS[received];
}

function stopNow(signal: StopSignal): never {
  report(received ?? signal);
  // Not waiting for stdout to drain: a reader that stopped reading must not keep us here.
  process.exit(STATUS[received ?? signal]);
}

function report(signal: StopSignal) {
  if (reported) return;
  reported = true;
  process.stderr.write(`langchain-mini: stopped by ${signal}\n`);
}

/**
 * For a command that needs longer than GRACE_MS to wind down after a stop signal (a
 * server handing its runs over): the process ends at most `ms` after the signal instead.
 * A second signal still ends it at once.
 */
export function windDownWithin(ms: number) {
  grace = ms;
}
