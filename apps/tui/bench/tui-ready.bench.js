// Time from launch to a ready input line: `langchain-mini --llm script:…` started in a
// pseudo-terminal (util-linux `script`), timed until "How can I help?" is on the screen,
// then quit with Ctrl+C. Next to it, the same pseudo-terminal running `node -e 0`.
import { spawn, spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARM_UP = 2;
const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const script = fileURLToPath(new URL("./one-step.json", import.meta.url));

if (spawnSync("script", ["--version"]).status !== 0) {
  console.log(
    "tui ready: skipped, util-linux `script` is not installed (apt-get install bsdutils)",
  );
  process.exit(0);
}

const quote = (text) => `'${text.replaceAll("'", `'\\''`)}'`;

/** Runs `command` on a 120×40 pseudo-terminal; resolves with ms until `ready` shows up. */
function timeUntil(command, ready) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      "script",
      ["-qfec", `stty cols 120 rows 40; exec ${command}`, "/dev/null"],
      {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: "xterm-256color" },
      },
    );
    let screen = "";
    let elapsed;
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.stdout.on("data", (chunk) => {
      screen += chunk.toString();
      if (elapsed === undefined && screen.includes(ready)) {
        elapsed = performance.now() - started;
        child.stdin.write("\u0003");
      }
    });
    child.on("close", (status) => {
      clearTimeout(timer);
      if (elapsed === undefined)
        reject(new Error(`'${ready}' never showed (exit ${status}):\n${screen}`));
      else resolve(elapsed);
    });
  });
}

const commands = [
  {
    name: "node -e 0 (in the same pty)",
    command: `${quote(process.execPath)} -e 'console.log("started")'`,
    ready: "started",
  },
  {
    name: "langchain-mini (TUI, script LLM)",
    command: `${quote(process.execPath)} ${quote(cli)} --llm script:${quote(script)}`,
    ready: "How can I help?",
  },
];

const percentile = (sorted, fraction) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];

console.log(
  `tui: launch to a ready input line, ${RUNS} runs after ${WARM_UP} warm-up (Node ${process.version})`,
);
for (const { name, command, ready } of commands) {
  for (let run = 0; run < WARM_UP; run++) await timeUntil(command, ready);
  const samples = [];
  for (let run = 0; run < RUNS; run++) samples.push(await timeUntil(command, ready));
  samples.sort((a, b) => a - b);
  const median = percentile(samples, 0.5).toFixed(1);
  const p90 = percentile(samples, 0.9).toFixed(1);
  console.log(`  ${name.padEnd(36)} median ${median.padStart(6)} ms   p90 ${p90.padStart(6)} ms`);
}
