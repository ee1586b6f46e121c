// Cold start of `langchain-mini ask`: a fresh process answering with a one-step script,
// next to a bare `node -e 0` for scale. Prints the median and p90 wall time.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARM_UP = 3;
const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const script = fileURLToPath(new URL("./one-step.json", import.meta.url));

const commands = [
  { name: "node -e 0", args: ["-e", "0"] },
  {
    name: "langchain-mini ask (1-step script)",
    args: [cli, "ask", "--llm", `script:${script}`, "What is 2 + 2?"],
    expect: "4\n",
  },
];

function time(args, expected) {
  const started = process.hrtime.bigint();
  const child = spawnSync(process.execPath, args, {
    encoding: "utf8",
    env: { PATH: process.env.PATH },
  });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (child.status !== 0 || (expected !== undefined && child.stdout !== expected)) {
    throw new Error(`${args.join(" ")} failed (exit ${child.status}): ${child.stderr}`);
  }
  return elapsed;
}

function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

console.log(`cold start, ${RUNS} runs after ${WARM_UP} warm-up (Node ${process.version})`);
for (const { name, args, expect } of commands) {
  for (let run = 0; run < WARM_UP; run++) time(args, expect);
  const samples = [];
  for (let run = 0; run < RUNS; run++) samples.push(time(args, expect));
  samples.sort((a, b) => a - b);
  const median = percentile(samples, 0.5).toFixed(1);
  const p90 = percentile(samples, 0.9).toFixed(1);
  console.log(`  ${name.padEnd(36)} median ${median.padStart(6)} ms   p90 ${p90.padStart(6)} ms`);
}
