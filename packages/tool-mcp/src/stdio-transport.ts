import { type ChildProcess, spawn } from "node:child_process";
import { StringDecoder } from "node:string_decoder";
import {
  deserializeMessage,
  type JSONRPCMessage,
  SdkError,
  SdkErrorCode,
  serializeMessage,
  type Transport,
} from "@modelcontextprotocol/client";
import { FrameBuffer, type Oversized } from "./frame-buffer.js";
import { HAS_GROUPS, ProcessGroup } from "./process-group.js";
import { MAX_MESSAGE, SentRequests, standIn } from "./stand-in.js";
import { oneLine } from "./text.js";

/** After stdin closes, a server gets this long to exit before SIGTERM; then this long before SIGKILL. */
const EOF_GRACE_MS = 300;
const TERM_GRACE_MS = 2_000;
/** Lines on stdout that are not MCP go to the trace up to this many: a chatty server must not fill it. */
const MAX_OTHER_LINES = 100;

export interface StdioTransportOptions {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** What the server writes to stderr, as it comes. */
  readonly onStderr: (chunk: Buffer) => void;
  readonly onStderrEnd: () => void;
  /** A line for the trace: what the server wrote that is not MCP, a message dropped. */
  readonly onLog: (line: string) => void;
  /** Takes the server's secrets out of what it wrote, before a line is cut. */
  readonly blank: (text: string) => string;
}

/**
 * MCP over a child's stdin and stdout, as the SDK's stdio transport speaks it (one JSON
 * message a line), with two differences: the child leads a process group of its own, so
 * stopping it stops whatever it started; and a message over MAX_MESSAGE is cut, not a
 * reason to drop the connection.
 */
export class GroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  #child: ChildProcess | undefined;
  #group: ProcessGroup | undefined;
  #exit: string | undefined;
  #stopping: Promise<void> | undefined;
  #otherLines = 0;
  readonly #options: StdioTransportOptions;
  readonly #requests = new SentRequests();
  readonly #decoder = new StringDecoder("utf8");
  readonly #frame = new FrameBuffer(MAX_MESSAGE);

  constructor(options: StdioTransportOptions) {
    this.#options = options;
  }

  /** The server's process, while it runs. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** How the server's process ended (`it exited with status 1`), once it has. */
  get exit(): string | undefined {
    return this.#exit;
  }

  start(): Promise<void> {
    if (this.#child) throw new Error("The server was started already");
    const options = this.#options;
    return new Promise((resolve, reject) => {
      const child = spawn(options.command, [...options.args], {
        env: options.env,
        ...(options.cwd ? { cwd: options.cwd } : {}),
        stdio: ["pipe", "pipe", "pipe"],
        detached: HAS_GROUPS,
        windowsHide: true,
      });
      this.#child = child;
      child.once("error", (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once("spawn", () => {
        if (child.pid !== undefined) this.#group = new ProcessGroup(child.pid);
        resolve();
      });
      child.once("exit", (code, signal) => {
        this.#exit = signal ? `it was ended by ${signal}` : `it exited with status ${code}`;
      });
      child.once("close", () => {
        this.#child = undefined;
        this.onclose?.();
      });
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("data", (chunk: Buffer) => this.#read(this.#decoder.write(chunk)));
      child.stdout?.on("error", (error) => this.onerror?.(error));
      child.stderr?.on("data", options.onStderr);
      child.stderr?.on("end", options.onStderrEnd);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#child?.stdin;
    if (!stdin?.writable) throw new SdkError(SdkErrorCode.NotConnected, "Not connected");
    this.#requests.record(message);
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once("drain", resolve);
    });
  }

  /**
   * Closes stdin, then SIGTERM to the group after a short grace (many servers never read
   * EOF, and a CLI must not take seconds to exit), then SIGKILL for what ignores it.
   */
  close(): Promise<void> {
    this.#stopping ??= this.#stop();
    return this.#stopping;
  }

  async #stop() {
    try {
      this.#child?.stdin?.end();
    } catch {
      // The pipe is gone with the process.
    }
    await this.#group?.stop(EOF_GRACE_MS, TERM_GRACE_MS);
    this.#child?.stdout?.destroy();
    this.#child?.stderr?.destroy();
  }

  #read(text: string) {
    let start = 0;
    for (let end = text.indexOf("\n", start); end !== -1; end = text.indexOf("\n", start)) {
      this.#frame.add(text.slice(start, end));
      const line = this.#frame.take();
      if (typeof line === "string") this.#deliver(line);
      else this.#cut(line);
      start = end + 1;
    }
    this.#frame.add(text.slice(start));
  }

  #deliver(line: string) {
    if (!line.trim()) return;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line.replace(/\r$/, ""));
    } catch (error) {
      // Servers that log to stdout: the line is not MCP, and is no reason to stop.
      if (error instanceof SyntaxError) this.#other(line);
      else this.onerror?.(error as Error);
      return;
    }
    this.#requests.settle(message);
    this.onmessage?.(message);
  }

  #other(line: string) {
    this.#otherLines++;
    if (this.#otherLines <= MAX_OTHER_LINES) {
      this.#options.onLog(`(not MCP, on stdout) ${oneLine(this.#options.blank(line), 200)}`);
    } else if (this.#otherLines === MAX_OTHER_LINES + 1) {
      this.#options.onLog("(more lines that are not MCP on stdout: the rest are not shown)");
    }
  }

  #cut(oversized: Oversized) {
    const message = standIn(oversized, this.#requests);
    if (message) this.onmessage?.(message);
    else this.#options.onLog(`(a message over ${MAX_MESSAGE} characters was dropped)`);
  }
}
