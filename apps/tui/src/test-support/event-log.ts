/** How long a test waits for something that should happen: only a hang takes this long. */
export const HANG_MS = 120_000;

/**
 * What a test saw happen (a handler started, a child process said something), in order,
 * with a way to wait for an entry that satisfies a condition, whenever it comes.
 */
export class EventLog<Entry> {
  readonly entries: Entry[] = [];
  readonly #waiters = new Set<() => void>();

  push(entry: Entry) {
    this.entries.push(entry);
    for (const wake of [...this.#waiters]) wake();
  }

  /** The first entry (from the start) that satisfies `matches`; fails after `boundMs`. */
  async waitFor(
    matches: (entry: Entry) => boolean,
    what: string,
    boundMs = HANG_MS,
  ): Promise<Entry> {
    const deadline = Date.now() + boundMs;
    for (;;) {
      const found = this.entries.find(matches);
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`Still waiting for ${what}; saw: ${JSON.stringify(this.entries)}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(wake, left);
        function wake() {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        }
        const waiters = this.#waiters;
        waiters.add(wake);
      });
    }
  }
}

/** Asks `check` again and again (every 50 ms) until it says yes; fails after `boundMs`. */
export async function pollUntil(check: () => Promise<boolean>, what: string, boundMs = HANG_MS) {
  const deadline = Date.now() + boundMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
