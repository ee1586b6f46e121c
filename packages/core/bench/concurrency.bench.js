// Many runs at once, as a server holds them: 1,000 runs of 3 steps, 100 at a time, each LLM
// call 20 ms of (timer) latency. The floor is what the timers alone take: 10 waves of
// 100 runs, 3 calls of 20 ms each, 600 ms. What the loop adds shows as the time over it.
// The machine is shared, so the figure is the median of several rounds.
import { Agent } from "../dist/index.js";
import { ScriptedLlm } from "../dist/testing/index.js";

const ROUNDS = 7;
const RUNS = 1_000;
const CONCURRENCY = 100;
const STEPS = 3;
const LATENCY_MS = 20;
const FLOOR_MS = (RUNS / CONCURRENCY) * STEPS * LATENCY_MS;

const echo = { name: "echo", description: "repeats its input", execute: (input) => input };
const replies = [
  " I should look\nAction: echo\nAction Input: first",
  " I should look again\nAction: echo\nAction Input: second",
  " I now know the final answer\nFinal Answer: done",
];

async function runOnce() {
  const llm = new ScriptedLlm(replies, { latencyMs: LATENCY_MS, chunkSize: 16, record: false });
  const agent = new Agent({ llm, tools: [echo], maxSteps: STEPS, today: "2026-01-01" });
  const run = agent.run("How long do many runs take?");
  // A server reads every event (to stream them): so does this.
  for await (const _event of run);
  const result = await run.result;
  if (result.status !== "answered") throw new Error(`run failed: ${JSON.stringify(result.error)}`);
}

/** Waves of CONCURRENCY runs, as a pool: a new run starts as soon as one ends. */
async function round() {
  let next = 0;
  const worker = async () => {
    while (next < RUNS) {
      next++;
      await runOnce();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return performance.now() - started;
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

await round(); // warm-up: JIT and caches
const times = [];
for (let index = 0; index < ROUNDS; index++) times.push(await round());
const wall = median(times);
console.log(
  `${RUNS} runs x ${STEPS} steps, ${LATENCY_MS} ms per LLM call, ${CONCURRENCY} at a time: ` +
    `${wall.toFixed(0)} ms, the timer floor ${FLOOR_MS} ms: ${((wall / FLOOR_MS - 1) * 100).toFixed(1)}% over ` +
    `(median of ${ROUNDS}; target within 5%)`,
);
