// A serve process as far as coordination goes, for tests that need a second one they can
// kill: it opens the Redis coordination its argument names (JSON: url, prefix, timings),
// then obeys one JSON command per stdin line and reports what happens as JSON lines on
// stdout. Its handler never returns on its own: it reports the run it took, and ends only
// when its signal does (a SIGKILL ends it first).
import { createInterface } from "node:readline";
import type { RunJob } from "../serve/coordination.js";
import { createRedisCoordination } from "../serve/redis-coordination.js";
import { isHandedOver } from "../serve/stop-reasons.js";

type Command =
  | { readonly work: number }
  | { readonly append: string; readonly lines: string[] }
  | { readonly cancel: string }
  | { readonly close: true };

const say = (report: object) => process.stdout.write(`${JSON.stringify(report)}\n`);

const settings = JSON.parse(process.argv[2] ?? "{}");
const coordination = await createRedisCoordination(settings.url, {
  prefix: settings.prefix,
  timings: settings.timings,
  onError: (error) => say({ error: error.message }),
});

async function handle(job: RunJob, signal: AbortSignal) {
  say({ took: job, pid: process.pid });
  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener("abort", () => resolve(), { once: true });
  });
  say({ stopped: job.runId, handedOver: isHandedOver(signal) });
}

async function obey(command: Command) {
  if ("work" in command) coordination.queue.work(handle, command.work);
  else if ("append" in command) await coordination.feed.append(command.append, command.lines);
  else if ("cancel" in command) await coordination.queue.cancel(command.cancel);
  else {
    await coordination.queue.close();
    await coordination.close();
    say({ closed: true });
    process.exit(0);
  }
  say({ done: command });
}

say({ ready: process.pid });
for await (const line of createInterface({ input: process.stdin })) {
  await obey(JSON.parse(line) as Command);
}
