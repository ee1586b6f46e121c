import {
  builtInScorers,
  type CaseRunner,
  createCaseRunner,
  loadScorers,
} from "@langchain-mini/eval";
import type { Host } from "@langchain-mini/host";
import type { EvalJobSettings } from "./eval-job-data.js";

/** Settings kept ready at once: an eval's sessions stay open while its jobs keep coming. */
const KEPT = 4;

interface Entry {
  readonly runner: Promise<CaseRunner>;
  users: number;
}

/**
 * A worker's case runners, one per eval settings (flags, judge, scorers): the sessions
 * and MCP servers of an eval are opened once for all its case runs here, not once per
 * run. The least recently used runner nobody is using is closed when more are needed.
 */
export class EvalRunnerPool {
  readonly #host: Host;
  readonly #entries = new Map<string, Entry>();

  constructor(host: Host) {
    this.#host = host;
  }

  /** Runs `work` with the runner of these settings, opened if needed. */
  async with<T>(settings: EvalJobSettings, work: (runner: CaseRunner) => Promise<T>): Promise<T> {
    const key = JSON.stringify(settings);
    let entry = this.#entries.get(key);
    if (entry) this.#entries.delete(key);
    else {
      const opened: Entry = { runner: this.#open(settings), users: 0 };
      // A runner that could not be opened (a scorer missing here) is tried again next time.
      opened.runner.catch(() => {
        if (this.#entries.get(key) === opened) this.#entries.delete(key);
      });
      entry = opened;
    }
    // Re-inserted: the map's order is the order of use.
    this.#entries.set(key, entry);
    entry.users++;
    try {
      await this.#evict();
      return await work(await entry.runner);
    } finally {
      entry.users--;
    }
  }

  async close(): Promise<void> {
    const entries = [...this.#entries.values()];
    this.#entries.clear();
    await Promise.all(entries.map((entry) => closeRunner(entry)));
  }

  async #open(settings: EvalJobSettings): Promise<CaseRunner> {
    const plugins = await loadScorers(settings.scorers, {
      cwd: settings.cwd,
      env: this.#host.env,
    });
    return createCaseRunner({
      host: this.#host,
      runtime: settings.runtime,
      ...(settings.judge !== undefined ? { judge: settings.judge } : {}),
      scorers: [...builtInScorers, ...plugins],
    });
  }

  async #evict() {
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= KEPT) return;
      if (entry.users > 0) continue;
      this.#entries.delete(key);
      await closeRunner(entry);
    }
  }
}

async function closeRunner(entry: Entry) {
  const runner = await entry.runner.catch(() => undefined);
  await runner?.close();
}
