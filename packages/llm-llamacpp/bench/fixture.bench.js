// Load time and tokens per second of the in-process provider on the generated script
// model on the CPU, and on a real GGUF (best build installed) when
// LLAMACPP_BENCH_MODEL=<path> is set (LLAMACPP_THREADS to choose threads). Prints figures.
import { availableParallelism } from "node:os";
import { Agent, generate } from "@langchain-mini/core";
import { LlamaCppLlm, sharedLlama } from "../dist/index.js";
import { CALCULATOR_SCRIPT, ENDLESS_SCRIPT, writeScriptModel } from "../dist/testing/index.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GENERATED = Number(process.env.BENCH_TOKENS ?? 500);
const PROMPT_CHARS = 1500;
const cores = availableParallelism();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(1).padStart(7)} ms`;
const perSecond = (value) => `${Math.round(value).toLocaleString("en").padStart(7)} tokens/s`;

async function timed(action) {
  const started = performance.now();
  const result = await action();
  return { result, elapsed: performance.now() - started };
}

async function bench(label, modelPath, { threads, prompt, tokens = GENERATED, gpu = false }) {
  const loads = [];
  let llm;
  for (let run = 0; run < RUNS; run++) {
    await llm?.dispose();
    const { result, elapsed } = await timed(() =>
      LlamaCppLlm.load({ modelPath, gpu, threads, contextSize: 4096 }),
    );
    llm = result;
    loads.push(elapsed);
  }
  const generation = [];
  const evaluation = [];
  for (let run = 0; run < RUNS; run++) {
    // A new prefix each run, so no run reuses the previous one's evaluated prompt.
    const long = `${run} ${"x".repeat(PROMPT_CHARS)}\nThought:`;
    let first;
    const started = performance.now();
    for await (const chunk of llm.stream({ prompt: long, maxTokens: 1 })) {
      if (chunk.type === "finish") first = chunk;
    }
    evaluation.push(first.usage.inputTokens / ((performance.now() - started) / 1000));
    const { result, elapsed } = await timed(() =>
      generate(llm, { prompt: `${run}${prompt}`, maxTokens: tokens }),
    );
    generation.push(result.usage.outputTokens / (elapsed / 1000));
  }
  await llm.dispose();
  console.log(`  ${label}`);
  console.log(`    load model            ${ms(median(loads))}`);
  console.log(`    prompt evaluation     ${perSecond(median(evaluation))}`);
  console.log(`    generation            ${perSecond(median(generation))}`);
}

console.log(
  `llm-llamacpp on the CPU build, median of ${RUNS} runs (Node ${process.version}, ${cores} cores)`,
);
const { elapsed: startup } = await timed(() => sharedLlama({ gpu: false, threads: 1 }));
console.log(`  llama.cpp runtime start  ${ms(startup)}`);

const fixture = writeScriptModel(ENDLESS_SCRIPT);
await bench(`script model (1 layer, 64 wide), 1 thread, ${GENERATED} tokens`, fixture, {
  threads: 1,
  prompt: "\nThought:",
});
if (cores > 1) {
  // Fewer tokens: on small shared machines more threads can be far slower.
  await bench(`script model, ${cores} threads, 100 tokens`, fixture, {
    threads: cores,
    prompt: "\nThought:",
    tokens: 100,
  });
}

const react = await LlamaCppLlm.load({
  modelPath: writeScriptModel(CALCULATOR_SCRIPT),
  gpu: false,
  threads: 1,
});
const calculator = { name: "calculator", description: "Adds.", execute: () => "4" };
const runs = [];
for (let run = 0; run < RUNS; run++) {
  const { elapsed } = await timed(() =>
    new Agent({ llm: react, tools: [calculator] }).invoke(`What is 2+2? (${run})`),
  );
  runs.push(elapsed);
}
await react.dispose();
console.log(`  two-step ReAct run on the script model ${ms(median(runs))}`);

const real = process.env.LLAMACPP_BENCH_MODEL;
if (real) {
  const threads = Number(process.env.LLAMACPP_THREADS) || undefined;
  await bench(`${real}, ${threads ?? "default"} threads`, real, {
    threads,
    gpu: "auto",
    prompt: "Question: Name three colours.\nThought:",
  });
}
