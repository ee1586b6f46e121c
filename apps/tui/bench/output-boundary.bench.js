// The output boundary's own cost per step, in one warm process: the same 1,001-step
// calculator run (scripted LLM, conversation, calculator) read with nothing attached,
// then through the boundary (secrets blanked, prompts as deltas, whole prompts rebuilt)
// into each consumer: the text trace, --json lines, a trace file. Output goes to
// /dev/null. CPU µs per step; the least disturbed of the rounds, and the median.
import { openSync, writeSync } from "node:fs";
import { Agent } from "@langchain-mini/core";
import { ScriptedLlm } from "@langchain-mini/core/testing";
import {
  createEventOutput,
  createLineBatch,
  environmentSecrets,
  openTrace,
} from "@langchain-mini/host";
import { Conversation, InMemorySessionStore } from "@langchain-mini/memory";
import { createCalculator } from "@langchain-mini/tool-calculator";
import { createTextTrace } from "../dist/render/text-trace.js";
import { createVerboseTrace } from "../dist/render/verbose-trace.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const STEPS = 1000;
const replies = [];
for (let step = 1; step <= STEPS; step++) {
  replies.push(
    ` I should add ${step} to the total\nAction: calculator\nAction Input: ${step} + ${step}`,
  );
}
replies.push(" I now know the final answer\nFinal Answer: done");
const secrets = environmentSecrets({ OPENAI_API_KEY: "sk-bench-0123456789abcdefghijklmnop" });
const devNull = openSync("/dev/null", "w");

function conversation() {
  const agent = new Agent({
    llm: new ScriptedLlm(replies, { record: false }),
    tools: [createCalculator()],
    maxSteps: STEPS + 1,
  });
  const store = new InMemorySessionStore();
  return new Conversation({ agent, llm: new ScriptedLlm([]), store, session: "bench" });
}

/** A terminal output that writes to /dev/null, plain. */
function nullTerminal() {
  const batch = createLineBatch((text) => writeSync(devNull, text));
  return { paint: (_style, text) => text, write: batch.add, flush: batch.flush };
}

const consumers = {
  "nothing attached": () => undefined,
  "boundary only": () => ({ wire: [() => {}], display: [() => {}] }),
  "text trace": () => ({ display: [createTextTrace(nullTerminal())] }),
  "--json": () => {
    const batch = createLineBatch((text) => writeSync(devNull, text));
    return { wire: [(event) => batch.add(`${JSON.stringify(event)}\n`)], end: batch.flush };
  },
  "--trace": () => {
    const trace = openTrace("/dev/null", () => {});
    return { wire: [(event) => trace.write(event)], end: trace.close };
  },
  "--verbose": () => {
    const terminal = nullTerminal();
    return {
      display: [createTextTrace(terminal), createVerboseTrace(terminal)],
      end: terminal.flush,
    };
  },
};

async function runOnce(make) {
  const attached = make();
  const output = attached && createEventOutput({ secrets, ...attached });
  for await (const event of conversation().ask("What is the sum?")) output?.(event);
  attached?.end?.();
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  `output boundary, ${STEPS + 1}-step run in a warm process: CPU µs per step, ${ROUNDS} rounds (Node ${process.version})`,
);
for (const [name, make] of Object.entries(consumers)) {
  await runOnce(make);
  await runOnce(make); // warm-up: JIT
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const before = process.cpuUsage();
    await runOnce(make);
    const { user, system } = process.cpuUsage(before);
    rounds.push((user + system) / (STEPS + 1));
  }
  const least = Math.min(...rounds)
    .toFixed(1)
    .padStart(6);
  console.log(`  ${name.padEnd(18)} ${least} (median ${median(rounds).toFixed(1).padStart(6)})`);
}
