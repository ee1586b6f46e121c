import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect as connectTls } from "node:tls";
import { makeCertificates, type TestCertificates } from "./certificates.js";

export interface RedisServerOptions {
  /** `--requirepass`: clients must log in with it. */
  readonly password?: string;
  /** TLS only (rediss://), with a throw-away CA made by the openssl command. */
  readonly tls?: boolean;
  /** How long to wait for the server to answer; default 30 s (a busy machine). */
  readonly startTimeoutMs?: number;
}

/** A real redis-server on a free loopback port, with its own temporary directory. */
export interface RedisServer {
  readonly port: number;
  /** `redis://[:password@]127.0.0.1:<port>/0`, or `rediss://…` with `tls`. */
  readonly url: string;
  /** With `tls`: the CA that signed the server's certificate. */
  readonly certificates?: TestCertificates;
  /** The running server's process id (undefined while stopped). */
  readonly pid: number | undefined;
  /** Stops it (SIGTERM) and waits. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty (nothing is saved to disk). */
  start(): Promise<void>;
  /** SIGSTOP: it keeps its connections but answers nothing, as a hung server does. */
  freeze(): void;
  thaw(): void;
  /** Stops it and removes its directory. */
  close(): Promise<void>;
}

/**
 * Starts Debian's `redis-server` (`apt-get install redis-server`) for tests: no
 * persistence, bound to 127.0.0.1. A machine without it fails here, loudly.
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const directory = mkdtempSync(join(tmpdir(), "redis-server-"));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const certificates = options.tls ? makeCertificates(directory) : undefined;
  const listen = certificates
    ? ["--port", "0", "--tls-port", String(port), "--tls-auth-clients", "no"]
    : ["--port", String(port)];
  const tlsFiles = certificates
    ? ["--tls-cert-file", certificates.certFile, "--tls-key-file", certificates.keyFile]
    : [];
  const args = [
    ...listen,
    ...tlsFiles,
    ...["--bind", "127.0.0.1", "--dir", directory],
    ...["--save", "", "--appendonly", "no", "--daemonize", "no", "--loglevel", "warning"],
    ...(options.password ? ["--requirepass", options.password] : []),
  ];
  const start = async () => {
    const started = spawn("redis-server", args, { stdio: ["ignore", "pipe", "pipe"] });
    child = started;
    let output = "";
    for (const stream of [started.stdout, started.stderr]) {
      stream?.setEncoding("utf8").on("data", (text: string) => {
        output += text;
      });
    }
    const failed = new Promise<never>((_, reject) => {
      started.once("error", (error: NodeJS.ErrnoException) =>
        reject(
          error.code === "ENOENT"
            ? new Error(
                "redis-server is not installed: the Redis tests need it (Debian: apt-get install redis-server; .ci/run installs it)",
              )
            : error,
        ),
      );
      started.once("exit", (code) =>
        reject(new Error(`redis-server exited with ${code} before answering: ${output.trim()}`)),
      );
    });
    failed.catch(() => {});
    await Promise.race([failed, answers(port, certificates?.ca, options.startTimeoutMs ?? 30_000)]);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = once(running, "exit");
    running.kill("SIGCONT");
    running.kill("SIGTERM");
    await exited;
  };
  await start();
  const auth = options.password ? `:${encodeURIComponent(options.password)}@` : "";
  return {
    port,
    url: `${certificates ? "rediss" : "redis"}://${auth}127.0.0.1:${port}/0`,
    ...(certificates ? { certificates } : {}),
    get pid() {
      return child?.exitCode === null && child.signalCode === null ? child.pid : undefined;
    },
    stop,
    start,
    freeze: () => child?.kill("SIGSTOP"),
    thaw: () => child?.kill("SIGCONT"),
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

async function freePort() {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  if (typeof address !== "object" || address === null) throw new Error("No free port");
  return address.port;
}

/** Waits until the server answers PING (PONG, or NOAUTH from one with a password). */
async function answers(port: number, ca: string | undefined, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await pings(port, ca)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not answer on port ${port} within ${timeoutMs} ms`);
}

function pings(port: number, ca: string | undefined) {
  return new Promise<boolean>((resolve) => {
    const socket = ca
      ? connectTls({ port, host: "127.0.0.1", ca })
      : createConnection({ port, host: "127.0.0.1" });
    socket.setTimeout(2_000);
    socket.once("data", (data) => {
      socket.destroy();
      resolve(/^(\+PONG|-NOAUTH)/.test(data.toString()));
    });
    socket.once(ca ? "secureConnect" : "connect", () => socket.write("PING\r\n"));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}
