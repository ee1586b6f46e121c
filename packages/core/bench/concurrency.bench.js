// Many runs at once, as a server holds them: 1,000 runs of 3 steps, 100 at a time, each LLM
// call 20 ms of (timer) latency. The timer floor is what the timers alone take, measured
// in the same run: the same pool of 100 workers, each "run" three 20 ms waits and nothing
// else (in theory 600 ms: 10 waves of 100 runs, 3 calls of 20 ms; in practice timers fire
// a little late). What the loop adds shows as the time over it. The machine is shared, so
// rounds of the two alternate and each figure is the median of several rounds.
import { Agent } from "../dist/index.js";
import { ScriptedLlm } from "../dist/testing/index.js";

const ROUNDS = 7;
const RUNS = 1_000;
const CONCURRENCY = 100;
const STEPS = 3;
const LATENCY_MS = 20;
const TIMERS_SUM_MS = (RUNS / CONCURRENCY) * STEPS * LATENCY_MS;

const echo = { name: "echo", description: "repeats its input", execute: (input) => input };
const replies = [
  " I should look\nAction: echo\nAction Input: first",
  " I should look again\nAction: echo\nAction Input: second",
  " I now know the final answer\nFinal Answer: done",
];

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A run with nothing but its LLM calls' latency: the floor's unit. */
async function timersOnce() {
  for (let step = 0; step < STEPS; step++) await wait(LATENCY_MS);
}

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
async function round(once) {
  let next = 0;
  const worker = async () => {
    while (next < RUNS) {
      next++;
      await once();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return performance.now() - started;
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const over = (wall, floor) => `${((wall / floor - 1) * 100).toFixed(1)}% over`;

// Warm-up: JIT and caches.
await round(timersOnce);
await round(runOnce);
const floors = [];
const walls = [];
for (let index = 0; index < ROUNDS; index++) {
  floors.push(await round(timersOnce));
  walls.push(await round(runOnce));
}
const floor = median(floors);
const wall = median(walls);
console.log(
  `${RUNS} runs x ${STEPS} steps, ${LATENCY_MS} ms per LLM call, ${CONCURRENCY} at a time (medians of ${ROUNDS} rounds):\n` +
    `  timers alone (the floor)  ${floor.toFixed(0)} ms   ${over(floor, TIMERS_SUM_MS)} the ${TIMERS_SUM_MS} ms of the timers' sum\n` +
    `  the agent loop            ${wall.toFixed(0)} ms   ${over(wall, floor)} the floor (target within 5%), ${over(wall, TIMERS_SUM_MS)} ${TIMERS_SUM_MS} ms`,
);
