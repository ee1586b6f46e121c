import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { type SessionOptions, terminalText, usageError } from "@langchain-mini/host";
import type { EvalWorker } from "../eval/eval-worker.js";
import type { Shell } from "../shell.js";
import { windDownWithin } from "../stop-signals.js";
import { chatRoutes } from "./chat-routes.js";
import type { Coordination } from "./coordination.js";
import { resumeHandedOver } from "./hand-over.js";
import { createHttpApp } from "./http-app.js";
import { pageRoutes } from "./page-routes.js";
import { createRunHandler } from "./run-handler.js";
import { createRunService } from "./run-service.js";

export interface ServeSettings {
  readonly host: string;
  readonly port: number;
  readonly maxBody: number;
  readonly concurrency: number;
  readonly cors?: string;
  readonly token?: string;
  /** `--store` or LANGCHAIN_MINI_STORE: a redis:// URL makes processes share the work. */
  readonly store?: string;
  readonly version: string;
}

/** How long a stopping server gives its runs to reach a boundary and be handed over. */
const WIND_DOWN_MS = 15_000;
const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * The server's life: the host and one session for every chat (its model, tools and
 * store), the coordination its processes share, the queue's worker, the HTTP listener;
 * then, on a stop signal, the same in reverse: no new requests, runs going handed over
 * at their next boundary, connections closed.
 */
export async function runServer(
  shell: Shell,
  options: SessionOptions & { readonly trust?: boolean },
  settings: ServeSettings,
): Promise<number> {
  const stopping = new AbortController();
  windDownWithin(WIND_DOWN_MS);
  const onSignal = () => stopping.abort();
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  const { host, warnings } = await shell.openHost({
    trust: options.trust,
    store: settings.store,
    signal: stopping.signal,
  });
  for (const warning of warnings) warn(`Warning: ${warning}`);
  let coordination: Coordination | undefined;
  let evalWorker: EvalWorker | undefined;
  let server: ServerType | undefined;
  try {
    const session = await host.openSession({
      ...options,
      store: "configured",
      journal: true,
      pauseApprovals: true,
      via: "serve",
      onWarning: (message) => warn(`Warning: ${message}`),
    });
    for (const notice of session.notices) warn(`Warning: ${notice}`);
    coordination = await coordinationFor(settings.store);
    const runs = createRunService(session, coordination);
    const redact = host.secrets.redact;
    coordination.queue.work(
      createRunHandler(session, coordination, redact, (message) => warn(`Warning: ${message}`)),
      settings.concurrency,
    );
    if (settings.store !== undefined && isRedis(settings.store)) {
      // Evals run with the same --store fan their case runs out to serve processes too.
      const { startEvalWorker } = await import("../eval/eval-worker.js");
      evalWorker = await startEvalWorker({
        host,
        store: settings.store.trim(),
        concurrency: settings.concurrency,
        report: (error) => warn(`Warning: ${error.message}`),
      });
    } else {
      // One process on the file store: the runs it handed over when it last stopped are
      // its own to continue.
      await resumeHandedOver(session, coordination);
    }
    const app = createHttpApp({ session, coordination, runs, settings: { ...settings, redact } }, [
      chatRoutes,
      pageRoutes,
    ]);
    server = serve({
      fetch: app.fetch,
      hostname: settings.host,
      port: settings.port,
      overrideGlobalObjects: false,
    });
    await once(server, "listening").catch((error: unknown) => {
      throw listenError(error, settings);
    });
    const address = server.address() as AddressInfo;
    const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
    process.stderr.write(`Listening on http://${shown}:${address.port}\n`);
    if (!stopping.signal.aborted) await once(stopping.signal, "abort");
    return 0;
  } finally {
    server?.close();
    await coordination?.queue.close();
    await evalWorker?.close();
    (server as import("node:http").Server | undefined)?.closeAllConnections();
    await coordination?.close();
    await host.close();
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
  }

  function warn(message: string) {
    process.stderr.write(`langchain-mini: ${host.secrets.redact(terminalText(message))}\n`);
  }
}

/** Why the port could not be had, as one line saying what to do. */
function listenError(error: unknown, { host, port }: ServeSettings): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === "EADDRINUSE") {
    return usageError(
      `Port ${port} on ${host} is in use: choose another with --port (0 takes a free one)`,
    );
  }
  if (code === "EACCES") {
    return usageError(
      `Listening on port ${port} is not allowed here: choose a port above 1023 with --port`,
    );
  }
  if (code === "EADDRNOTAVAIL") {
    return usageError(`${host} is not an address of this machine: give one of its own with --host`);
  }
  return error;
}

const isRedis = (url: string) => /^rediss?:\/\//i.test(url.trim());

/** Redis when the store is Redis (processes share the work), else everything in memory. */
async function coordinationFor(store: string | undefined): Promise<Coordination> {
  if (store !== undefined && isRedis(store)) {
    const { createRedisCoordination } = await import("./redis-coordination.js");
    return createRedisCoordination(store.trim());
  }
  const { createLocalCoordination } = await import("./local-coordination.js");
  return createLocalCoordination();
}
