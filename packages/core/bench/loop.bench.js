// The agent loop's own cost per step: a scripted LLM with no latency and a trivial tool,
// so what is measured is parsing, prompt growth, events and bookkeeping.
import { Agent } from "../dist/index.js";
import { ScriptedLlm } from "../dist/testing/index.js";

const echo = { name: "echo", description: "repeats its input", execute: (input) => input };

function script(steps) {
  const replies = [];
  for (let step = 1; step < steps; step++) {
    replies.push(` I should look again\nAction: echo\nAction Input: value ${step}`);
  }
  replies.push(" I now know the final answer\nFinal Answer: done");
  return replies;
}

async function runOnce(steps, drainEvents) {
  const llm = new ScriptedLlm(script(steps), { chunkSize: 1_000 });
  const agent = new Agent({ llm, tools: [echo], maxSteps: steps + 1 });
  const run = agent.run("How long does a step take?");
  if (drainEvents) for await (const _event of run);
  const result = await run.result;
  if (result.status !== "answered") throw new Error(`run failed: ${JSON.stringify(result.error)}`);
}

async function measure(steps, drainEvents) {
  const runs = Math.max(20, Math.round(20_000 / steps));
  for (let index = 0; index < Math.min(runs, 200); index++) await runOnce(steps, drainEvents);
  const started = process.hrtime.bigint();
  for (let index = 0; index < runs; index++) await runOnce(steps, drainEvents);
  const elapsedUs = Number(process.hrtime.bigint() - started) / 1_000;
  return elapsedUs / (runs * steps);
}

console.log("agent loop, scripted LLM without latency (µs per step; target < 20)");
for (const steps of [1, 10, 100]) {
  const quiet = await measure(steps, false);
  const streamed = await measure(steps, true);
  console.log(
    `  ${String(steps).padStart(3)}-step run: ${quiet.toFixed(1).padStart(6)} µs/step (result only), ${streamed.toFixed(1).padStart(6)} µs/step (events read)`,
  );
}
