import { execFileSync, spawnSync } from "node:child_process";

export const hasTmux = spawnSync("tmux", ["-V"]).status === 0;

/**
 * A real terminal for the TUI: tmux gives the command a pseudo-terminal of a known size,
 * `send-keys` types and `capture-pane -p` reads the screen. `.ci/run` installs tmux.
 */
export class Terminal {
  readonly #socket = `langchain-mini-pack-${process.pid}-${Math.random().toString(36).slice(2)}`;

  constructor(readonly env: Record<string, string>) {}

  start(shellCommand: string) {
    this.#tmux("new-session", "-d", "-x", "120", "-y", "36", shellCommand);
  }

  /** Text with `literal`, else keys by tmux name (Enter, C-c). */
  send(keys: string, literal = false) {
    this.#tmux("send-keys", ...(literal ? ["-l", keys] : [keys]));
  }

  async waitFor(pattern: RegExp, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const screen = this.#tmux("capture-pane", "-p");
      if (pattern.test(screen)) return screen;
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${pattern}:\n${screen}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  kill() {
    spawnSync("tmux", ["-L", this.#socket, "kill-server"]);
  }

  #tmux(...args: string[]) {
    // A tmux server of our own, without the user's tmux configuration.
    return execFileSync("tmux", ["-L", this.#socket, "-f", "/dev/null", ...args], {
      encoding: "utf8",
      env: { ...this.env, TERM: "xterm-256color" },
    });
  }
}
