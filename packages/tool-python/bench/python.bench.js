// What a sandbox costs: its start-up (Deno, then Pyodide), what of it a first call still
// waits for when it comes a moment after the tool was created, and a trivial call once warm.
import { createPythonTool } from "../dist/index.js";

const rounds = 3;
const signal = new AbortController().signal;
const run = (id) => ({ id, ended: new AbortController().signal });

const startups = [];
const firstCallWaits = [];
for (let round = 0; round < rounds; round++) {
  const tool = createPythonTool({ env: {} });
  startups.push(await tool.whenReady());
  tool.close();

  // A model usually takes a second or more to write its first action.
  const next = createPythonTool({ env: {} });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const asked = performance.now();
  await next.execute("1 + 1", { signal, run: run(`first-${round}`) });
  firstCallWaits.push(performance.now() - asked);
  next.close();
}

const tool = createPythonTool({ env: {} });
const warmRun = run("warm");
await tool.execute("x = 0", { signal, run: warmRun });
const samples = [];
for (let index = 0; index < 200; index++) {
  const started = performance.now();
  await tool.execute("x += 1\nx", { signal, run: warmRun });
  samples.push(performance.now() - started);
}
tool.close();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
console.log(
  `python sandbox start-up (Deno + Pyodide), median of ${rounds}: ${ms(median(startups))}`,
);
console.log(
  `first call 1 s after the tool was created, still waiting for start-up, median of ${rounds}: ${ms(median(firstCallWaits))}`,
);
console.log(`trivial call once warm (x += 1), median of 200: ${ms(median(samples))}`);
