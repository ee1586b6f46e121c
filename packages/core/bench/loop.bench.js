// The agent loop's own cost per step: a scripted LLM with no latency and a trivial tool,
// so what is measured is parsing, prompt growth, events and bookkeeping. The machine is
// shared, so each figure is the median of several rounds, as wall time and as this
// process's CPU time (which other processes disturb less).
import { Agent } from "../dist/index.js";
import { ScriptedLlm } from "../dist/testing/index.js";

const ROUNDS = 7;
const STEPS_PER_ROUND = 10_000;

const syncEcho = { name: "echo", description: "repeats its input", execute: (input) => input };
const asyncEcho = { ...syncEcho, execute: async (input) => input };

function script(steps) {
  const replies = [];
  for (let step = 1; step < steps; step++) {
    replies.push(` I should look again\nAction: echo\nAction Input: value ${step}`);
  }
  replies.push(" I now know the final answer\nFinal Answer: done");
  return replies;
}

async function runOnce(replies, tool, readEvents) {
  const llm = new ScriptedLlm(replies, { chunkSize: 16 });
  const agent = new Agent({ llm, tools: [tool], maxSteps: replies.length, today: "2026-01-01" });
  const run = agent.run("How long does a step take?");
  if (readEvents) for await (const _event of run);
  const result = await run.result;
  if (result.status !== "answered") throw new Error(`run failed: ${JSON.stringify(result.error)}`);
}

async function round(steps, tool, readEvents) {
  const replies = script(steps);
  const runs = Math.max(10, Math.round(STEPS_PER_ROUND / steps));
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (let index = 0; index < runs; index++) await runOnce(replies, tool, readEvents);
  const wallUs = Number(process.hrtime.bigint() - started) / 1_000;
  const { user, system } = process.cpuUsage(cpu);
  return { wall: wallUs / (runs * steps), cpu: (user + system) / (runs * steps) };
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(steps, tool, readEvents) {
  await round(steps, tool, readEvents); // warm-up: JIT and caches
  const rounds = [];
  for (let index = 0; index < ROUNDS; index++) rounds.push(await round(steps, tool, readEvents));
  return {
    wall: median(rounds.map((figures) => figures.wall)),
    cpu: median(rounds.map((figures) => figures.cpu)),
  };
}

const cell = ({ wall, cpu }) =>
  `${wall.toFixed(1).padStart(6)} (${cpu.toFixed(1).padStart(5)} cpu)`;

console.log(
  `agent loop, scripted LLM without latency: µs per step, median of ${ROUNDS} rounds (target < 20)`,
);
console.log("            sync tool, result    sync tool, events    async tool, events");
for (const steps of [1, 10, 100]) {
  const figures = [
    await measure(steps, syncEcho, false),
    await measure(steps, syncEcho, true),
    await measure(steps, asyncEcho, true),
  ];
  console.log(`  ${String(steps).padStart(3)} steps  ${figures.map(cell).join("   ")}`);
}
