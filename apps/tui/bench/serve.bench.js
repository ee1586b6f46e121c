// `langchain-mini serve` under load: 100 concurrent clients, each asking questions one
// after another in a session of its own (POST /api/runs, read to the run-end line), for
// 1,000 runs in all. The model is a fake OpenAI server that takes 20 ms per completion:
// a ReAct run is a calculator step and the answer (2 calls), and from a session's second
// question on a call first rewrites the follow-up (3 calls). Measured: runs per second,
// time to the first NDJSON line and to run-end (p50/p99), CPU per run, and memory per
// concurrent run (the serve processes' VmRSS under load less their idle RSS, over 100).
// The same with two serve processes on one redis-server (--store redis://…), requests
// spread over both. Anchors from the same run: `node -e 0`, the ideal for the scripted
// latency, and the same load on a bare node:http server making the same model calls.
// Exits 1 only when a run was not answered (never for a slow figure).
// BENCH_RUNS changes the 1,000, BENCH_CLIENTS the 100 (1: the latency of a run alone);
// BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" profiles the serve processes;
// BENCH_REDIS_TOP=40 lists more of the Redis commands.
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startFakeOpenAi } from "@langchain-mini/llm-openai/testing";
import { startRedisServer } from "@langchain-mini/memory-redis/testing";

const RUNS = Number(process.env.BENCH_RUNS ?? 1000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100);
const LATENCY_MS = 20;
const WARM_UP_RUNS = 5;
const RUN_TIMEOUT_MS = 120_000;
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const bare = fileURLToPath(new URL("./bare-serve.js", import.meta.url));
const directory = mkdtempSync(join(tmpdir(), "langchain-mini-serve-bench-"));

/**
 * The model: a follow-up rewritten to itself, then `Action: calculator` on the question's
 * product, then the observation as the answer; each reply one chunk after 20 ms.
 */
function reply(recorded) {
  const prompt = String(recorded.body.messages?.at(-1)?.content ?? "");
  const slow = { chunkSize: 100_000, chunkDelayMs: LATENCY_MS };
  const followUp = /Follow Up Input: (.*)\nStandalone question:$/.exec(prompt);
  if (followUp) return { text: followUp[1], ...slow };
  const scratchpad = prompt.slice(prompt.lastIndexOf("\nBegin!\n"));
  const observation = /\nObservation: (.*)/.exec(scratchpad);
  if (observation)
    return { text: ` I now know the final answer\nFinal Answer: ${observation[1]}`, ...slow };
  const [, a, b] = /Question: What is (\d+) \* (\d+)\?/.exec(scratchpad) ?? [];
  return { text: ` I should multiply\nAction: calculator\nAction Input: ${a} * ${b}`, ...slow };
}

/** A server process started, once it says where it listens; `stop` ends it. */
async function startServer(args, env) {
  const child = spawn(process.execPath, args, {
    cwd: directory,
    env: { PATH: process.env.PATH, HOME: directory, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = once(child, "exit");
  const listening = () => /Listening on (http:\/\/\S+)/.exec(stderr)?.[1];
  while (!listening()) {
    const ended = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 50))]);
    if (ended) throw new Error(`${args.join(" ")} ended before listening: ${stderr.slice(-2000)}`);
  }
  return {
    url: listening(),
    pid: child.pid,
    /** What it wrote after the line that says where it listens: warnings. */
    warnings: () => stderr.split("\n").slice(1).filter(Boolean),
    async stop() {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** One run over HTTP: when its first line and its run-end came, or what went wrong. */
function ask(url, body, agent) {
  return new Promise((resolve) => {
    const started = performance.now();
    const text = JSON.stringify(body);
    const headers = {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
    };
    const call = request(`${url}/api/runs`, { method: "POST", agent, headers }, (response) => {
      let buffered = "";
      let first;
      let end;
      response.setEncoding("utf8").on("data", (chunk) => {
        const lines = `${buffered}${chunk}`.split("\n");
        buffered = lines.pop();
        for (const line of lines) {
          first ??= performance.now() - started;
          if (line.includes('"type":"run-end"')) end = { at: performance.now() - started, line };
        }
      });
      response.on("end", () => {
        if (response.statusCode !== 200)
          return resolve({ error: `HTTP ${response.statusCode}: ${buffered}` });
        if (!end) return resolve({ error: "the stream ended without run-end" });
        const { result } = JSON.parse(end.line);
        resolve({ first, end: end.at, status: result.status, answer: result.answer });
      });
      response.on("error", (error) => resolve({ error: error.message }));
    });
    call.setTimeout(RUN_TIMEOUT_MS, () =>
      call.destroy(new Error(`no run-end within ${RUN_TIMEOUT_MS / 1000} s`)),
    );
    call.on("error", (error) => resolve({ error: error.message }));
    call.end(text);
  });
}

/** Asks `question` in `session`; a failure if the answer is not the product. */
async function askChecked(url, session, a, b, agent) {
  const outcome = await ask(url, { question: `What is ${a} * ${b}?`, session }, agent);
  if (outcome.error) return outcome;
  if (outcome.status !== "answered" || outcome.answer !== String(a * b)) {
    return {
      error: `${session}: ${outcome.status}, answer '${outcome.answer}' (expected ${a * b})`,
    };
  }
  return outcome;
}

const rssKb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
/** User + system CPU time of a process, all its threads, in ms (Linux's 100 ticks a second). */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const sum = (values) => values.reduce((total, value) => total + value, 0);

function percentile(values, fraction) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

const p50p99 = (values) => [percentile(values, 0.5), percentile(values, 0.99)];

/**
 * The load on `servers` (clients spread over them), after a warm-up on each. `probe`
 * (optional) is told when the load starts and says what it saw once it is over.
 */
async function measure(servers, fake, probe) {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  for (const [index, server] of servers.entries()) {
    for (let run = 1; run <= WARM_UP_RUNS; run++) {
      const outcome = await askChecked(server.url, `warm-up-${index}`, index + 2, run, agent);
      if (outcome.error) throw new Error(`warm-up run failed: ${outcome.error}`);
    }
  }
  const pids = servers.map((server) => server.pid);
  const idleKb = sum(pids.map(rssKb));
  const loadedKb = [];
  const sampler = setInterval(() => loadedKb.push(sum(pids.map(rssKb))), 100);
  const calls = fake.requests.length;
  const cpu = { serve: sum(pids.map(cpuMs)), bench: process.cpuUsage() };
  probe?.start();
  const started = performance.now();
  const outcomes = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      const { url } = servers[client % servers.length];
      for (let turn = 1; next < RUNS; turn++) {
        next++;
        outcomes.push(await askChecked(url, `client-${client}`, client + 2, turn, agent));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const benchCpu = process.cpuUsage(cpu.bench);
  agent.destroy();
  const answered = outcomes.filter((outcome) => !outcome.error);
  return {
    runsPerSecond: answered.length / seconds,
    first: p50p99(answered.map((run) => run.first)),
    end: p50p99(answered.map((run) => run.end)),
    callsPerRun: (fake.requests.length - calls) / RUNS,
    serveCpuPerRun: (sum(pids.map(cpuMs)) - cpu.serve) / RUNS,
    benchCpuPerRun: (benchCpu.user + benchCpu.system) / 1000 / RUNS,
    idleMb: idleKb / 1024,
    loadedMb: percentile(loadedKb, 0.5) / 1024,
    seen: probe?.end(),
    failures: outcomes.filter((outcome) => outcome.error).map((outcome) => outcome.error),
  };
}

/** Starts a fresh fake and the servers on it, measures, stops them all. */
async function scenario(name, start, probe) {
  const fake = await startFakeOpenAi(reply);
  const servers = [];
  try {
    servers.push(...(await start(fake.baseURL)));
    const result = await measure(servers, fake, probe);
    const warnings = servers.flatMap((server) => server.warnings());
    return { name, ...result, warnings };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await fake.close();
  }
}

/** The commands Redis carried out during the load, per run, the most frequent first. */
function redisCommands(port) {
  const redisCli = (...args) =>
    spawnSync("redis-cli", ["-p", String(port), ...args], { encoding: "utf8" }).stdout ?? "";
  return {
    start: () => redisCli("config", "resetstat"),
    end() {
      const counts = [...redisCli("info", "commandstats").matchAll(/^cmdstat_(\S+):calls=(\d+)/gm)]
        .map(([, command, calls]) => [command, Number(calls) / RUNS])
        .filter(([command]) => !command.startsWith("info") && !command.startsWith("config"))
        .sort((a, b) => b[1] - a[1]);
      const shown = counts
        .slice(0, Number(process.env.BENCH_REDIS_TOP ?? 6))
        .map(([command, calls]) => `${command} ${calls.toFixed(1)}`);
      return `Redis commands per run: ${sum(counts.map(([, calls]) => calls)).toFixed(0)} (${shown.join(", ")}, …)`;
    },
  };
}

const serveArgs = ["serve", "--port", "0", "--llm", "openai:fake", "--tools", "calculator"];
const serveEnv = (baseURL, home) => ({
  LANGCHAIN_MINI_HOME: join(directory, home),
  OPENAI_BASE_URL: baseURL,
  OPENAI_API_KEY: "sk-bench-0123456789abcdefghijklmnop",
});

function nodeStartMs() {
  const times = Array.from({ length: 5 }, () => {
    const started = performance.now();
    spawnSync(process.execPath, ["-e", "0"]);
    return performance.now() - started;
  });
  return percentile(times, 0.5);
}

const nodeMs = nodeStartMs();
const load = loadavg()[0];
const results = [];
let redis;
try {
  results.push(
    await scenario("bare node:http server", async (baseURL) => [
      await startServer([bare], serveEnv(baseURL, "bare")),
    ]),
  );
  results.push(
    await scenario("serve, file store", async (baseURL) => [
      await startServer([...nodeArgs, cli, ...serveArgs], serveEnv(baseURL, "file")),
    ]),
  );
  redis = await startRedisServer();
  const args = [...nodeArgs, cli, ...serveArgs, "--store", redis.url];
  results.push(
    await scenario(
      "serve ×2, one Redis",
      (baseURL) => Promise.all([1, 2].map(() => startServer(args, serveEnv(baseURL, "redis")))),
      redisCommands(redis.port),
    ),
  );
} finally {
  await redis?.close();
  rmSync(directory, { recursive: true, force: true });
}

const calls = results[1].callsPerRun;
const ideal = (callsPerRun) => Math.round((CLIENTS * 1000) / (callsPerRun * LATENCY_MS));
// No answered run, no figure.
const ms = (value) => (value === undefined ? "—" : value.toFixed(value < 100 ? 1 : 0)).padStart(5);
console.log(
  `serve: ${RUNS} runs by ${CLIENTS} concurrent clients, each asking in a session of its own, one run after another; a run is a calculator step and the answer, ${LATENCY_MS} ms per completion (Node ${process.version})`,
);
console.log(
  `  anchors: node -e 0 ${nodeMs.toFixed(1)} ms (load average ${load.toFixed(1)}); ideal ${ideal(calls)} runs/s at ${calls.toFixed(1)} completions per run (a follow-up is rewritten first; 2 per run would be ${ideal(2)}), run-end ${(calls * LATENCY_MS).toFixed(0)} ms, first line at once (${LATENCY_MS} ms for a follow-up)`,
);
console.log(
  `  ${"".padEnd(22)} runs/s   first line p50/p99 ms   run-end p50/p99 ms   CPU ms/run serve (bench)   RSS MB idle → load, per run`,
);
for (const result of results) {
  const perRun = ((result.loadedMb - result.idleMb) * 1024) / CLIENTS;
  console.log(
    `  ${result.name.padEnd(22)} ${result.runsPerSecond.toFixed(0).padStart(6)}   ${ms(result.first[0])} / ${ms(result.first[1])}          ${ms(result.end[0])} / ${ms(result.end[1])}        ${result.serveCpuPerRun.toFixed(2).padStart(5)} (${result.benchCpuPerRun.toFixed(2)})            ${result.idleMb.toFixed(0)} → ${result.loadedMb.toFixed(0)}, ${perRun.toFixed(0)} kB`,
  );
  if (result.callsPerRun !== calls) {
    console.log(`    ${result.callsPerRun.toFixed(2)} completions per run`);
  }
  if (result.seen) console.log(`    ${result.seen}`);
  for (const warning of result.warnings.slice(0, 3)) console.log(`    stderr: ${warning}`);
}
const failures = results.flatMap((result) =>
  result.failures.map((failure) => `${result.name}: ${failure}`),
);
if (failures.length > 0) {
  console.log(`${failures.length} runs not answered, e.g.:`);
  for (const failure of failures.slice(0, 5)) console.log(`  ${failure}`);
  process.exitCode = 1;
}
