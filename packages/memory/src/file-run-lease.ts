import { randomUUID } from "node:crypto";
import { link, open, readdir, unlink } from "node:fs/promises";
import { join } from "node:path";
import { isRunLease, type RunLease, sameLease } from "@langchain-mini/core";
import { readSessionFile } from "./session-file.js";

/**
 * A run's lease as numbered generations beside its journal, `<runId>.lease.<n>`: the
 * highest number present is the lease (its JSON, or `null` once released). A swap writes
 * generation n+1 under a temporary name and `link`s it into place, which, like creating
 * with O_EXCL, fails when the name exists: of two processes that read generation n, one
 * links n+1 and the other gets EEXIST. Readers never see a half-written generation, and
 * a crash at any point leaves a lease that is whole, old or new. Generations only go up,
 * so a released lease stays as a `null` generation rather than being unlinked.
 */
export class FileRunLeases {
  readonly #directory: string;

  constructor(directory: string) {
    this.#directory = directory;
  }

  async read(runId: string, onWarning?: (message: string) => void) {
    return (await this.#current(runId, onWarning)).lease;
  }

  async swap(
    runId: string,
    expected: RunLease | undefined,
    next: RunLease | undefined,
    onWarning?: (message: string) => void,
  ): Promise<boolean> {
    const { generation, lease, found } = await this.#current(runId, onWarning);
    if (!sameLease(lease, expected)) return false;
    const mine = generation + 1;
    const path = this.#path(runId, mine);
    const temporary = `${path}.tmp-${randomUUID()}`;
    try {
      await writeSynced(temporary, JSON.stringify(next ? leaseOnly(next) : null));
      try {
        await link(temporary, path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
        throw error;
      }
    } finally {
      await unlink(temporary).catch(() => undefined);
    }
    // Generation `mine` was free either because nobody had made it, or because it was
    // made and later replaced by a higher one while this swap waited: then it lost. (So
    // may a swap that won and was replaced at once, before this look: rare, and safe,
    // since either way the caller does not hold the run now.)
    const now = await this.#generations(runId);
    if (now.some((number) => number > mine)) {
      await unlink(path).catch(() => undefined);
      return false;
    }
    // The generations before are no lease any more (a crash may have left several).
    await Promise.all(found.map((number) => unlink(this.#path(runId, number)).catch(() => {})));
    return true;
  }

  /** Every generation, and temporary files a crash left behind. */
  async remove(runId: string) {
    const prefix = `${runId}.lease.`;
    const names = (await this.#names()).filter((name) => name.startsWith(prefix));
    await Promise.all(
      names.map((name) =>
        unlink(join(this.#directory, name)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== "ENOENT") throw error;
        }),
      ),
    );
  }

  async #current(runId: string, onWarning?: (message: string) => void) {
    for (;;) {
      const found = await this.#generations(runId);
      const generation = found.at(-1) ?? 0;
      if (generation === 0) return { generation, lease: undefined, found };
      const path = this.#path(runId, generation);
      const text = await readSessionFile(path);
      // Replaced since the folder was read: read it again.
      if (text === undefined) continue;
      return { generation, lease: parseLease(text, runId, path, onWarning), found };
    }
  }

  async #generations(runId: string) {
    const prefix = `${runId}.lease.`;
    return (await this.#names())
      .filter((name) => name.startsWith(prefix) && /^\d{1,15}$/.test(name.slice(prefix.length)))
      .map((name) => Number(name.slice(prefix.length)))
      .sort((a, b) => a - b);
  }

  async #names() {
    try {
      return await readdir(this.#directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  }

  #path(runId: string, generation: number) {
    return join(this.#directory, `${runId}.lease.${generation}`);
  }
}

/** A lease file that is not a lease (written by hand) holds nothing: said, and treated so. */
function parseLease(
  text: string,
  runId: string,
  path: string,
  onWarning?: (message: string) => void,
): RunLease | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (value === null) return undefined;
  if (isRunLease(value)) return leaseOnly(value);
  onWarning?.(`Run '${runId}': ${path} is not a lease, so the run counts as held by nobody`);
  return undefined;
}

function leaseOnly({ owner, host, pid, expiresAt }: RunLease): RunLease {
  return { owner, host, pid, expiresAt };
}

/** Written whole and synced before it is linked: a crash never leaves a generation empty. */
async function writeSynced(path: string, text: string) {
  // "wx": never through a link or over a file someone left under that name.
  const file = await open(path, "wx", 0o666);
  try {
    await file.writeFile(text);
    await file.datasync();
  } finally {
    await file.close();
  }
}
