// A long run of `langchain-mini ask`: a script of 1,000 calculator actions and a final
// answer (1,001 LLM calls), in text mode, --json, --trace and --verbose, each a fresh
// process as a user runs it. Per step is the 1,001-step run's time less a 1-step run's
// (start-up), over 1,000 steps: wall time, and the process's CPU time (all its threads,
// the JIT compiler's included; other processes on a shared machine disturb it less).
// Each figure is the least disturbed of the runs (the minimum), the median beside it.
// Peak memory is the process's maximum resident set; sizes are of --json's stdout and of
// the trace file. A key is set in the environment, so redaction does its real work.
import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const STEPS = 1000;
const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const reporter = fileURLToPath(new URL("./report-usage.js", import.meta.url));
const bare = fileURLToPath(new URL("./bare-run.js", import.meta.url));
const directory = mkdtempSync(join(tmpdir(), "langchain-mini-long-run-"));

function script(actions) {
  const replies = [];
  for (let step = 1; step <= actions; step++) {
    replies.push(
      ` I should add ${step} to the total\nAction: calculator\nAction Input: ${step} + ${step}`,
    );
  }
  replies.push(" I now know the final answer\nFinal Answer: done");
  return replies;
}

const scripts = {
  long: join(directory, "long.json"),
  short: join(directory, "short.json"),
};
await writeFile(scripts.long, JSON.stringify(script(STEPS)));
await writeFile(scripts.short, JSON.stringify(script(0)));

const trace = join(directory, "trace.jsonl");
const modes = [
  { name: "text", flags: [] },
  { name: "--json", flags: ["--json"] },
  { name: "--trace", flags: ["--trace", trace], sized: trace },
  { name: "--verbose", flags: ["--verbose"] },
  // The same run in a fresh process without the CLI: what the loop itself costs cold.
  { name: "bare run", flags: [], args: (scriptFile) => [bare, scriptFile] },
];

const askArgs = (scriptFile, flags) => [
  cli,
  "ask",
  "--llm",
  `script:${scriptFile}`,
  "--tools",
  "calculator",
  "--max-steps",
  String(STEPS + 1),
  ...flags,
  "What is the sum?",
];

function runOnce(scriptFile, flags, args = askArgs) {
  const usageFile = join(directory, "usage.json");
  const stdoutFile = join(directory, "stdout");
  const stdout = openSync(stdoutFile, "w");
  const stderr = openSync(join(directory, "stderr"), "w");
  const started = process.hrtime.bigint();
  const child = spawnSync(process.execPath, ["--import", reporter, ...args(scriptFile, flags)], {
    stdio: ["ignore", stdout, stderr],
    env: {
      PATH: process.env.PATH,
      HOME: directory,
      LANGCHAIN_MINI_HOME: directory,
      BENCH_USAGE_FILE: usageFile,
      OPENAI_API_KEY: "sk-bench-0123456789abcdefghijklmnop",
    },
  });
  const wallUs = Number(process.hrtime.bigint() - started) / 1000;
  closeSync(stdout);
  closeSync(stderr);
  if (child.status !== 0) {
    const error = readFileSync(join(directory, "stderr"), "utf8").slice(-2000);
    throw new Error(`ask ${flags.join(" ")} failed (exit ${child.status}): ${error}`);
  }
  const usage = JSON.parse(readFileSync(usageFile, "utf8"));
  return { wallUs, ...usage, stdoutBytes: statSync(stdoutFile).size };
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const least = (values) => Math.min(...values);
const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;

function measure(mode) {
  runOnce(scripts.long, mode.flags, mode.args); // warm-up: file caches
  const long = [];
  const short = [];
  for (let run = 0; run < RUNS; run++) {
    short.push(runOnce(scripts.short, mode.flags, mode.args));
    long.push(runOnce(scripts.long, mode.flags, mode.args));
  }
  const perStep = (key, pick) =>
    (pick(long.map((run) => run[key])) - pick(short.map((run) => run[key]))) / STEPS;
  return {
    wall: perStep("wallUs", least),
    cpu: perStep("cpuUs", least),
    medianCpu: perStep("cpuUs", median),
    peakKb: median(long.map((run) => run.maxRssKb)),
    startKb: median(short.map((run) => run.maxRssKb)),
    stdoutBytes: long[0].stdoutBytes,
    traceBytes: mode.sized ? statSync(mode.sized).size : undefined,
  };
}

console.log(
  `ask, ${STEPS + 1}-step scripted calculator run, ${RUNS} runs each (Node ${process.version}): µs per step`,
);
console.log(
  "  aim: about 20 µs per step, every mode within 2× of text, output < 2 MB, peak < 80 MB",
);
const figures = [];
try {
  for (const mode of modes) {
    const result = measure(mode);
    figures.push(result);
    const output = mode.args
      ? "(conversation, agent and calculator, no output)"
      : mode.name === "--json"
        ? `stdout ${mb(result.stdoutBytes)}`
        : mode.sized
          ? `trace ${mb(result.traceBytes)}`
          : "";
    const mib = (kb) => (kb / 1024).toFixed(1).padStart(5);
    console.log(
      `  ${mode.name.padEnd(10)} wall ${result.wall.toFixed(1).padStart(6)}   cpu ${result.cpu.toFixed(1).padStart(6)} (median ${result.medianCpu.toFixed(1).padStart(6)})   peak ${mib(result.peakKb)} MB (1 step: ${mib(result.startKb)})   ${output}`,
    );
  }
  const text = figures[0];
  const slowest = Math.max(...figures.slice(1, 3).map((result) => result.cpu / text.cpu));
  console.log(`  --json and --trace cost at most ${slowest.toFixed(2)}× text mode's CPU per step`);
} finally {
  rmSync(directory, { recursive: true, force: true });
}
