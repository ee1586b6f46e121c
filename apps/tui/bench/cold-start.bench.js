// Cold start of `langchain-mini ask`: a fresh process answering with a one-step script,
// paired with a bare `node -e 0` run back to back (which goes first alternates), so that
// the ratio holds on a busy machine too. Prints the medians, the p90s and the median of
// the pairs' ratios. The run is journaled (the default), into a data directory of the
// bench's own; the same run with --no-journal shows what the journal costs.
// COLD_START_BASELINE=<another build's dist/cli.js> adds that build to every pair (A/B).
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARM_UP = 3;
const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const script = fileURLToPath(new URL("./one-step.json", import.meta.url));
const ask = (path) => [path, "ask", "--llm", `script:${script}`, "What is 2 + 2?"];

const home = mkdtempSync(join(tmpdir(), "langchain-mini-bench-"));

const node = { name: "node -e 0", args: ["-e", "0"] };
const commands = [
  node,
  { name: "langchain-mini ask (1-step script)", args: ask(cli), expect: "4\n" },
  {
    name: "  the same, --no-journal",
    args: [...ask(cli).slice(0, 2), "--no-journal", ...ask(cli).slice(2)],
    expect: "4\n",
  },
];
if (process.env.COLD_START_BASELINE) {
  commands.push({ name: "baseline", args: ask(process.env.COLD_START_BASELINE), expect: "4\n" });
}

function time({ args, expect }) {
  const started = process.hrtime.bigint();
  const child = spawnSync(process.execPath, args, {
    encoding: "utf8",
    env: { PATH: process.env.PATH, LANGCHAIN_MINI_HOME: home },
  });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (child.status !== 0 || (expect !== undefined && child.stdout !== expect)) {
    throw new Error(`${args.join(" ")} failed (exit ${child.status}): ${child.stderr}`);
  }
  return elapsed;
}

/** One run of each command, in an order that turns with `run`. */
function pair(run) {
  const order = [...commands];
  for (let turn = 0; turn < run % order.length; turn++) order.push(order.shift());
  return new Map(order.map((command) => [command, time(command)]));
}

function percentile(values, fraction) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

console.log(`cold start, ${RUNS} paired runs after ${WARM_UP} warm-up (Node ${process.version})`);
for (let run = 0; run < WARM_UP; run++) pair(run);
const pairs = Array.from({ length: RUNS }, (_, run) => pair(run));
for (const command of commands) {
  const times = pairs.map((times) => times.get(command));
  const median = percentile(times, 0.5).toFixed(1);
  const p90 = percentile(times, 0.9).toFixed(1);
  const ratio =
    command === node
      ? ""
      : `   ${percentile(
          pairs.map((times) => times.get(command) / times.get(node)),
          0.5,
        ).toFixed(2)}× node -e 0`;
  console.log(
    `  ${command.name.padEnd(36)} median ${median.padStart(6)} ms   p90 ${p90.padStart(6)} ms${ratio}`,
  );
}
