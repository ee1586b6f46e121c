import { join } from "node:path";
import { dataHome, describeThrown } from "@langchain-mini/core";
import { type Env, locateModule, usageError } from "@langchain-mini/host";
import { builtInScorers, CASE_KEYS } from "./built-in-scorers.js";
import { oneLine, shown } from "./score-text.js";
import type { Scorer } from "./scorer.js";

export interface LoadScorersOptions {
  /** Where package names and relative paths are resolved from: the working directory. */
  readonly cwd: string;
  /** The settings: where `plugins add` installs (under the data home). */
  readonly env?: Env;
  /** Where `plugins add` installs; default `<data home>/plugins`, as the host's plug-ins. */
  readonly pluginHome?: string;
  /** How long a module's top-level code may take to load; default 30 s. */
  readonly importLimitMs?: number;
}

const DEFAULT_IMPORT_LIMIT_MS = 30_000;
// A case key as JSONL and YAML write it plainly; never `__proto__`.
const NAME = /^[A-Za-z][\w-]{0,63}$/;

/**
 * `--scorer <module>`: each a package name or a file path, found as the host finds tool
 * plug-ins (the working directory, then `plugins add`'s folder, then beside the app). A
 * module exports a scorer as `default` or `scorer`, or a list as `scorers`. Every failure
 * is one usage line (exit 2): not installed, not a scorer, or a name that is taken.
 */
export async function loadScorers(
  moduleNames: readonly string[],
  options: LoadScorersOptions,
): Promise<Scorer[]> {
  const loaded: Scorer[] = [];
  const taken = new Map<string, string>(builtInScorers.map((scorer) => [scorer.name, "built in"]));
  for (const key of CASE_KEYS) taken.set(key, "a case key");
  for (const moduleName of moduleNames) {
    for (const scorer of scorersOf(await importScorer(moduleName, options), moduleName)) {
      const owner = taken.get(scorer.name);
      if (owner !== undefined) {
        throw usageError(
          `The scorer module '${moduleName}' names a scorer ${shown(scorer.name)}, which is ${owner === "built in" || owner === "a case key" ? owner : `also the scorer of '${owner}'`}: rename its scorer`,
        );
      }
      taken.set(scorer.name, moduleName);
      loaded.push(scorer);
    }
  }
  return loaded;
}

async function importScorer(moduleName: string, options: LoadScorersOptions): Promise<unknown> {
  const url = await locateModule(moduleName, "scorer", {
    cwd: options.cwd,
    pluginHome: options.pluginHome ?? join(dataHome(options.env), "plugins"),
    ...(options.env ? { env: options.env } : {}),
  });
  if (!url) {
    throw usageError(
      `The scorer module '${moduleName}' is not installed: install it with npm i ${moduleName} (or langchain-mini plugins add ${moduleName}), or name a file such as ./my-scorer.js`,
    );
  }
  return within(() => import(url), moduleName, options.importLimitMs ?? DEFAULT_IMPORT_LIMIT_MS);
}

/** The module's import, given `limitMs` to settle: a plug-in may never settle. */
async function within(load: () => Promise<unknown>, moduleName: string, limitMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), limitMs);
  });
  try {
    const loaded = await Promise.race([load(), limit]);
    if (loaded !== TIMED_OUT) return loaded;
  } catch (error) {
    throw usageError(
      `The scorer module '${moduleName}' failed to load: ${oneLine(describeThrown(error), 200)}`,
    );
  } finally {
    clearTimeout(timer);
  }
  throw usageError(
    `The scorer module '${moduleName}' did not finish loading within ${limitMs / 1000} s: the plug-in broke its contract`,
  );
}

const TIMED_OUT = Symbol("timed out");

function scorersOf(module: unknown, moduleName: string): Scorer[] {
  const exports = (module ?? {}) as Record<string, unknown>;
  const found = Object.hasOwn(exports, "scorers")
    ? exports.scorers
    : Object.hasOwn(exports, "scorer")
      ? exports.scorer
      : exports.default;
  const list = Array.isArray(found) ? found : [found];
  if (found === undefined || list.length === 0) {
    throw usageError(
      `The scorer module '${moduleName}' exports no scorer: export one as default or scorer, or a list as scorers`,
    );
  }
  return list.map((item) => asScorer(item, moduleName));
}

function asScorer(value: unknown, moduleName: string): Scorer {
  const problem = scorerProblem(value);
  if (problem) {
    throw usageError(`The scorer module '${moduleName}' broke the scorer contract: ${problem}`);
  }
  return value as Scorer;
}

function scorerProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) {
    return "a scorer is an object with a name and a score function";
  }
  const { name, score, check } = value as Record<string, unknown>;
  if (typeof name !== "string" || !NAME.test(name)) {
    return `its name ${shown(name)} must be a case key: a letter, then letters, digits, _ or -`;
  }
  if (typeof score !== "function") return `the scorer ${name} has no score function`;
  if (check !== undefined && typeof check !== "function") {
    return `the scorer ${name} has a check that is not a function`;
  }
  return undefined;
}
