// `langchain-mini eval` at scale: a suite of 1,000 cases on 2 models at concurrency 50,
// against a fake OpenAI server that takes 20 ms per completion; each case is a ReAct run
// of a calculator step and the answer (2 calls), scored by `number` and `usesTool`.
// Measured: wall time against the ideal (2,000 runs × 2 calls × 20 ms / 50 at once), CPU,
// peak memory. Anchors from the same run: `node -e 0`, and the same 2,000 runs in a bare
// process (a core agent per model, no host, no eval, no CLI) at the same concurrency.
// Exits 1 when a case failed (never for a slow figure). BENCH_CASES changes the 1,000,
// BENCH_CONCURRENCY the 50.
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startFakeOpenAi } from "@langchain-mini/llm-openai/testing";

const CASES = Number(process.env.BENCH_CASES ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const LATENCY_MS = 20;
const MODELS = ["openai:gpt-4.1-mini", "openai:gpt-4.1"];
const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const bare = fileURLToPath(new URL("./bare-eval.js", import.meta.url));
const usageModule = fileURLToPath(new URL("./report-usage.js", import.meta.url));
const directory = mkdtempSync(join(tmpdir(), "langchain-mini-eval-bench-"));

/** `Action: calculator` on the question's product, then the observation as the answer, 20 ms each. */
function reply(recorded) {
  const prompt = String(recorded.body.messages?.at(-1)?.content ?? "");
  const slow = { chunkSize: 100_000, chunkDelayMs: LATENCY_MS };
  const scratchpad = prompt.slice(prompt.lastIndexOf("\nBegin!\n"));
  const observation = /\nObservation: (.*)/.exec(scratchpad);
  if (observation)
    return { text: ` I now know the final answer\nFinal Answer: ${observation[1]}`, ...slow };
  const [, a, b] = /Question: What is (\d+) \* (\d+)\?/.exec(scratchpad) ?? [];
  return { text: ` I should multiply\nAction: calculator\nAction Input: ${a} * ${b}`, ...slow };
}

/**
 * A process run to its end: wall time, and its own CPU time and peak memory. Spawned
 * without blocking: the fake model answers from this process's event loop.
 */
async function measure(args, env = {}) {
  const usageFile = join(directory, `usage-${Math.random().toString(36).slice(2)}.json`);
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", usageModule, ...args], {
    cwd: directory,
    env: { PATH: process.env.PATH, HOME: directory, BENCH_USAGE_FILE: usageFile, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk) => {
    stderr += chunk;
  });
  const [status] = await once(child, "exit");
  const wallMs = performance.now() - started;
  const usage = JSON.parse(readFileSync(usageFile, "utf8"));
  return { status, stderr, wallMs, ...usage };
}

const nodeStart = () => {
  const started = performance.now();
  spawnSync(process.execPath, ["-e", "0"]);
  return performance.now() - started;
};

const fake = await startFakeOpenAi(reply);
try {
  const suite = join(directory, "suite.jsonl");
  const lines = Array.from({ length: CASES }, (_, index) =>
    JSON.stringify({
      id: `times-${index}`,
      question: `What is ${index} * 7?`,
      number: index * 7,
      usesTool: "calculator",
    }),
  );
  writeFileSync(suite, `${lines.join("\n")}\n`);
  const env = {
    OPENAI_API_KEY: "sk-bench",
    OPENAI_BASE_URL: fake.baseURL,
    LANGCHAIN_MINI_HOME: join(directory, "home"),
  };
  const anchor = nodeStart();
  const json = join(directory, "results.json");
  const evalRun = await measure(
    [cli, "eval", suite, ...MODELS.flatMap((model) => ["--llm", model])].concat([
      "--tools",
      "calculator",
      "--concurrency",
      String(CONCURRENCY),
      "--json",
      json,
    ]),
    env,
  );
  const calls = fake.requests.length;
  const bareRun = await measure([bare, fake.baseURL, String(CASES), String(CONCURRENCY)]);
  const anchorAfter = nodeStart();

  const results = evalRun.status === 0 ? JSON.parse(readFileSync(json, "utf8")).results : [];
  const passed = results.filter((result) => result.pass).length;
  const runs = CASES * MODELS.length;
  const idealMs = ((runs * 2 * LATENCY_MS) / CONCURRENCY) | 0;
  const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const row = (name, run) =>
    `  ${name.padEnd(34)} ${seconds(run.wallMs).padStart(9)}  ${(run.wallMs / idealMs).toFixed(2)}× ideal  CPU ${seconds(run.cpuUs / 1000).padStart(8)}  peak RSS ${Math.round(run.maxRssKb / 1024)} MB`;
  console.log(
    `Eval: ${CASES} cases × ${MODELS.length} models at concurrency ${CONCURRENCY}, a 20 ms fake model (Node ${process.version}, load ${loadavg()[0].toFixed(1)})`,
  );
  console.log(`  node -e 0: ${anchor.toFixed(0)} ms before, ${anchorAfter.toFixed(0)} ms after`);
  console.log(`  ideal (${runs} runs × 2 calls × 20 ms / ${CONCURRENCY}): ${seconds(idealMs)}`);
  console.log(row(`langchain-mini eval (${passed}/${runs} passed)`, evalRun));
  console.log(row("bare: core agents, no host or eval", bareRun));
  console.log(`  model calls made by the eval: ${calls} (${(calls / runs).toFixed(2)} per run)`);
  if (evalRun.status !== 0 || passed !== runs || bareRun.status !== 0) {
    console.error(evalRun.stderr.slice(0, 2000));
    process.exitCode = 1;
  }
} finally {
  await fake.close();
  rmSync(directory, { recursive: true, force: true });
}
