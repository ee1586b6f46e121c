// The Redis store against the file store, both built: one append, one history load, and
// 8 processes appending 100 turns each to one session at once. Redis is a real
// redis-server on loopback (no persistence); the file store fsyncs every append.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FileSessionStore } from "@langchain-mini/memory";
import { RedisSessionStore } from "../dist/index.js";
import { startRedisServer } from "../dist/testing/index.js";

const ANSWER = "The population was about 2.1 million in 2023, up 1.2% on the year before. ".repeat(
  6,
);
const turn = (index) => ({
  type: "turn",
  question: `What was the population of city ${index} in 2023?`,
  answer: ANSWER,
  at: new Date().toISOString(),
});

async function median(times, action) {
  const samples = [];
  for (let index = 0; index < times; index++) {
    const start = performance.now();
    await action(index);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

/** `count` processes append `turns` turns each to session "shared", started together. */
async function processes(storeScript, count, turns) {
  const child = `
    ${storeScript}
    // Connected (Redis) and loaded before the clock starts: appends only are timed.
    await store.load("shared");
    process.stdout.write("ready\\n");
    process.stdin.once("data", async () => {
      process.stdin.pause();
      for (let index = 0; index < ${turns}; index++) {
        await store.append("shared", { type: "turn", question: "q" + index, answer: ${JSON.stringify(ANSWER)}, at: new Date().toISOString() });
      }
      await store.close?.();
    });`;
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ["--input-type=module", "--eval", child], {
      cwd: import.meta.dirname,
      stdio: ["pipe", "pipe", "inherit"],
    }),
  );
  await Promise.all(children.map((process_) => once(process_.stdout, "data")));
  const start = performance.now();
  const exits = children.map((process_) => once(process_, "exit"));
  for (const process_ of children) process_.stdin.end("go\n");
  const codes = await Promise.all(exits);
  if (codes.some(([code]) => code !== 0)) throw new Error("a child process failed");
  return performance.now() - start;
}

const server = await startRedisServer();
const directory = mkdtempSync(join(tmpdir(), "stores-bench-"));
const dist = (path) => JSON.stringify(new URL(path, import.meta.url).href);
const stores = {
  redis: {
    store: new RedisSessionStore({ url: server.url }),
    script: `const { RedisSessionStore } = await import(${dist("../dist/index.js")});
      const store = new RedisSessionStore({ url: ${JSON.stringify(server.url)}, prefix: "concurrent:" });`,
    shared: () => new RedisSessionStore({ url: server.url, prefix: "concurrent:" }),
  },
  file: {
    store: new FileSessionStore({ directory }),
    script: `const { FileSessionStore } = await import("@langchain-mini/memory");
      const store = new FileSessionStore({ directory: ${JSON.stringify(join(directory, "concurrent"))} });`,
    shared: () => new FileSessionStore({ directory: join(directory, "concurrent") }),
  },
};

const rows = { append: {}, load50: {}, load500: {}, concurrent: {} };
try {
  for (const [name, { store, script, shared }] of Object.entries(stores)) {
    await store.load("warm-up");
    rows.append[name] = await median(200, (index) => store.append("appends", turn(index)));
    for (let index = 0; index < 500; index++) {
      if (index < 50) await store.append("fifty", turn(index));
      await store.append("five-hundred", turn(index));
    }
    rows.load50[name] = await median(100, () => store.load("fifty"));
    rows.load500[name] = await median(50, () => store.load("five-hundred"));
    rows.concurrent[name] = await processes(script, 8, 100);
    const check = shared();
    const kept = (await check.load("shared")).records.length;
    await check.close?.();
    if (kept !== 800) throw new Error(`${name}: ${kept} of 800 turns kept`);
    await store.close?.();
  }
} finally {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
}

const ms = (value) => `${value.toFixed(value < 10 ? 2 : 0)} ms`.padStart(10);
console.log(
  `\n  session stores (a turn of ${JSON.stringify(turn(0)).length} bytes)      redis       file`,
);
console.log(
  `  append one turn (median of 200)          ${ms(rows.append.redis)} ${ms(rows.append.file)}`,
);
console.log(
  `  load 50 turns (median of 100)            ${ms(rows.load50.redis)} ${ms(rows.load50.file)}`,
);
console.log(
  `  load 500 turns (median of 50)            ${ms(rows.load500.redis)} ${ms(rows.load500.file)}`,
);
console.log(
  `  8 processes x 100 turns, one session     ${ms(rows.concurrent.redis)} ${ms(rows.concurrent.file)}   (all 800 kept in both)\n`,
);
