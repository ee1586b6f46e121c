import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CLI, tempDir } from "./cli.js";

export const hasTmux = spawnSync("tmux", ["-V"]).status === 0;

/**
 * How long a terminal test waits for one thing to show: a frame that takes a few hundred
 * milliseconds alone can take many seconds on a busy 2-core machine. Test files that drive
 * tmux give their tests TERMINAL_TEST_TIMEOUT, room for several such waits.
 */
const WAIT_MS = 45_000;
export const TERMINAL_TEST_TIMEOUT = 240_000;

/**
 * The built CLI in a real terminal: tmux gives it a pseudo-terminal of a known size,
 * `send-keys` types, `capture-pane -p` reads the screen. `.ci/run` installs tmux.
 */
export class Terminal {
  readonly #socket = `langchain-mini-test-${process.pid}-${Math.random().toString(36).slice(2)}`;
  readonly directory: string;
  readonly statusFile: string;
  readonly #env: Record<string, string>;

  /** `env` is added to a clean environment (PATH, HOME = the directory, TERM). */
  constructor(directory = tempDir(), env: Record<string, string> = {}) {
    if (!hasTmux)
      throw new Error("These tests need tmux: apt-get install tmux (.ci/run does this)");
    this.directory = directory;
    // One file per terminal: two may share a directory (a second start of the app).
    this.statusFile = join(directory, `${this.#socket}.exit-status`);
    this.#env = env;
  }

  /**
   * `keepOpen`: the pane stays once the app is gone, to read what it left on the screen.
   * `fileSizeLimitBlocks`: as in runCli, a disk that fills up (`ulimit -f`, 512-byte blocks).
   * `stdoutFile`: standard output goes to this file (piped away), stderr stays on the terminal.
   */
  start(
    args: readonly string[],
    {
      columns = 120,
      rows = 36,
      keepOpen = false,
      fileSizeLimitBlocks = undefined as number | undefined,
      stdoutFile = undefined as string | undefined,
    } = {},
  ) {
    // sh (not the pane's shell, which may be bash) so that a block is 512 bytes, as in runCli.
    const limit =
      fileSizeLimitBlocks === undefined
        ? []
        : ["sh", "-c", `ulimit -f ${fileSizeLimitBlocks} && exec "$0" "$@"`];
    const redirect = stdoutFile === undefined ? "" : ` > ${quote(stdoutFile)}`;
    const command = `${[...limit, process.execPath, CLI, ...args].map(quote).join(" ")}${redirect}`;
    // The shell records the exit status once the app is gone, so the test can read it.
    const shell = `cd ${quote(this.directory)} && ${command}; echo $? > ${quote(this.statusFile)}`;
    const size = ["-x", String(columns), "-y", String(rows)];
    const stay = keepOpen ? [";", "set-option", "-w", "remain-on-exit", "on"] : [];
    this.#tmux("new-session", "-d", ...size, shell, ...stay);
  }

  screen() {
    return this.#tmux("capture-pane", "-p");
  }

  /** The screen and the scrollback above it. */
  history() {
    return this.#tmux("capture-pane", "-p", "-S", "-");
  }

  /** Resizes the terminal as a user dragging its window does (the app gets SIGWINCH). */
  resize(columns: number, rows: number) {
    this.#tmux("resize-window", "-x", String(columns), "-y", String(rows));
  }

  /** Keys by tmux name (Enter, Escape, C-c), or text with `literal`. */
  send(keys: string, literal = false) {
    this.#tmux("send-keys", ...(literal ? ["-l", keys] : [keys]));
  }

  /** The screen once it shows `text` (or once `text(screen)` holds). */
  async waitFor(text: string | RegExp | ((screen: string) => boolean), timeoutMs = WAIT_MS) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const screen = this.#screenWhileRunning(text);
      const shown =
        typeof text === "string"
          ? screen.includes(text)
          : typeof text === "function"
            ? text(screen)
            : text.test(screen);
      if (shown) return screen;
      if (Date.now() > deadline)
        throw new Error(`Timed out waiting for ${String(text)}:\n${screen}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The screen; once the app has ended (and tmux with it), an error that says how it ended. */
  #screenWhileRunning(awaited: string | RegExp | ((screen: string) => boolean)) {
    try {
      return this.screen();
    } catch (error) {
      if (!existsSync(this.statusFile)) throw error;
      const status = readFileSync(this.statusFile, "utf8").trim();
      throw new Error(
        `The app ended (exit status ${status}) before the screen showed ${String(awaited)}; start it with keepOpen to see its last screen`,
      );
    }
  }

  /**
   * Types a question (or a /command) and presses Enter once the app can take it: no
   * question runs (Enter would keep the line), the text is on the question line, and it
   * has left that line again, taken. What follows (the run) is the caller's to wait for.
   */
  async ask(question: string) {
    await this.waitForIdle();
    this.send(question, true);
    await this.waitFor((shown) => Boolean(questionLine(shown)));
    this.send("Enter");
    // Taken: the line is empty again, or a prompt (an approval) has taken its place.
    return this.waitFor((shown) => !questionLine(shown));
  }

  /**
   * The screen once no question runs: the question line is drawn and the status bar above
   * it turns no spinner. A run's answer and Ctrl+C's quit without asking both need this.
   */
  waitForIdle() {
    return this.waitFor(isIdle);
  }

  /** Quits the chat with Ctrl+C once no question runs (during one it asks first), and the exit status. */
  async quit() {
    await this.waitForIdle();
    this.send("C-c");
    return this.exitStatus();
  }

  async exitStatus(timeoutMs = WAIT_MS) {
    const deadline = Date.now() + timeoutMs;
    while (!existsSync(this.statusFile)) {
      if (Date.now() > deadline) throw new Error(`The app did not exit:\n${this.screen()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return Number(readFileSync(this.statusFile, "utf8").trim());
  }

  /** Signals the app, as `kill` from another terminal does (the app is the pane shell's child). */
  signalApp(signal: NodeJS.Signals) {
    const shell = this.#tmux("list-panes", "-F", "#{pane_pid}").trim();
    const [app] = readFileSync(`/proc/${shell}/task/${shell}/children`, "utf8").trim().split(" ");
    process.kill(Number(app), signal);
  }

  kill() {
    spawnSync("tmux", ["-L", this.#socket, "kill-server"]);
  }

  #tmux(...args: string[]) {
    // A server of our own, no user config, and an environment with no keys in it.
    return execFileSync("tmux", ["-L", this.#socket, "-f", "/dev/null", ...args], {
      encoding: "utf8",
      env: {
        PATH: process.env.PATH ?? "",
        HOME: this.directory,
        TERM: "xterm-256color",
        ...this.#env,
      },
    });
  }
}

/** The chat's last rows: the status bar, then the question line in its box. */
function bottomRows(screen: string) {
  const rows = screen.replace(/\n+$/, "").split("\n");
  return { status: rows.at(-4) ?? "", question: rows.at(-2) ?? "" };
}

const PROMPT = "How can I help?";

/**
 * What is typed on the question line; undefined when the line is not drawn (an approval
 * prompt). A long line shows its end, the prompt cut at its start ("…w can I help? 37…").
 */
function questionLine(screen: string) {
  const inside = /^│ (.*?) *│$/.exec(bottomRows(screen).question)?.[1];
  if (inside?.startsWith(PROMPT)) return inside.slice(PROMPT.length).trim();
  return inside?.startsWith("…") ? inside.slice(1) : undefined;
}

const SPINNER = /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] /;

/** No question runs: the question line is drawn, and the status bar neither spins nor asks to confirm a quit. */
export function isIdle(screen: string) {
  const { status } = bottomRows(screen);
  return (
    questionLine(screen) !== undefined && !SPINNER.test(status) && !status.includes("Ctrl+C again")
  );
}

const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
