// Time from launch to a terminal UI ready to type: `langchain-mini --llm script:…` started
// in a pseudo-terminal (util-linux `script`), timed until "How can I help?" is on the
// screen (the first frame) and until a key typed then shows in the question line (ready),
// then quit with Ctrl+C. Each run pairs it with `node -e` printing a line in the same kind
// of pseudo-terminal, back to back (which goes first alternates), so that the ratio holds
// on a busy machine too: the figure is the median of the runs' ratios.
// TUI_READY_BASELINE=<another build's dist/cli.js> adds that build to every pair (A/B).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARM_UP = 2;
const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const script = fileURLToPath(new URL("./one-step.json", import.meta.url));
const PROMPT = "How can I help?";
// A data directory of the bench's own: the app reads its runs' journals on start (to offer
// the unfinished ones), and the user's own must not weigh on the figure.
const home = mkdtempSync(join(tmpdir(), "langchain-mini-bench-"));
// The app draws a typed key with its block cursor after it: the terminal's own echo (before
// the app reads the keyboard) has no cursor.
const KEY = "x";
const ECHOED = `${KEY}\u001b[7m`;

if (spawnSync("script", ["--version"]).status !== 0) {
  console.log(
    "tui ready: skipped, util-linux `script` is not installed (apt-get install bsdutils)",
  );
  process.exit(0);
}

const quote = (text) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * Runs `command` on a 120×40 pseudo-terminal. Resolves with ms until `shown` is on the
 * screen and, when `typed` is given, until that key, typed then, is drawn back.
 */
function timeUntil(command, shown, typed) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      "script",
      ["-qfec", `stty cols 120 rows 40; exec ${command}`, "/dev/null"],
      {
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          LANGCHAIN_MINI_HOME: home,
          TERM: "xterm-256color",
        },
      },
    );
    let screen = "";
    let typedFrom;
    const times = {};
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.stdout.on("data", (chunk) => {
      screen += chunk.toString();
      if (times.shown === undefined && screen.includes(shown)) {
        times.shown = performance.now() - started;
        if (!typed) return child.stdin.write("\u0003");
        typedFrom = screen.length;
        child.stdin.write(typed.key);
      }
      if (typedFrom !== undefined && times.ready === undefined) {
        if (screen.indexOf(typed.echoed, typedFrom) === -1) return;
        times.ready = performance.now() - started;
        child.stdin.write("\u0003");
      }
    });
    child.on("close", (status) => {
      clearTimeout(timer);
      const missing =
        times.shown === undefined
          ? shown
          : typed && times.ready === undefined
            ? `${typed.key}, typed,`
            : undefined;
      if (missing) reject(new Error(`${command}: '${missing}' never showed (exit ${status})`));
      else resolve(times);
    });
  });
}

const node = {
  name: "node -e (the same kind of pty)",
  command: `${quote(process.execPath)} -e 'console.log("started")'`,
};
const tui = (name, path) => ({
  name,
  command: `${quote(process.execPath)} ${quote(path)} --llm script:${quote(script)}`,
});
const apps = [tui("langchain-mini (TUI, script LLM)", cli)];
if (process.env.TUI_READY_BASELINE) apps.push(tui("baseline", process.env.TUI_READY_BASELINE));

/** One pair (or triple): node and each app, in an order that turns with `run`. */
async function pair(run) {
  const order = [node, ...apps];
  for (let turn = 0; turn < run % order.length; turn++) order.push(order.shift());
  const times = new Map();
  for (const entry of order) {
    times.set(
      entry,
      entry === node
        ? await timeUntil(entry.command, "started")
        : await timeUntil(entry.command, PROMPT, { key: KEY, echoed: ECHOED }),
    );
  }
  return times;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const ms = (value) => `${value.toFixed(1).padStart(6)} ms`;

console.log(
  `tui: launch to ready to type, median of ${RUNS} paired runs after ${WARM_UP} warm-up (Node ${process.version})`,
);
for (let run = 0; run < WARM_UP; run++) await pair(run);
const pairs = [];
for (let run = 0; run < RUNS; run++) pairs.push(await pair(run));
const nodeTimes = pairs.map((times) => times.get(node).shown);
console.log(`  ${node.name.padEnd(34)} ${ms(median(nodeTimes))}`);
for (const app of apps) {
  const shown = pairs.map((times) => times.get(app).shown);
  const ready = pairs.map((times) => times.get(app).ready);
  const ratio = median(pairs.map((times) => times.get(app).ready / times.get(node).shown));
  console.log(
    `  ${app.name.padEnd(34)} ${ms(median(ready))} ready to type (${ratio.toFixed(1)}× node), first frame ${ms(median(shown))}`,
  );
}
