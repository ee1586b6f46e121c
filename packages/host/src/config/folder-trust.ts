import { realpath } from "node:fs/promises";
import { resolve } from "node:path";
import { dataHome } from "@langchain-mini/core";
import { environmentSecrets } from "../boundary/secrets.js";
import { terminalText } from "../boundary/terminal-text.js";
import { codeSettingsIn } from "./code-settings.js";
import { type DotEnv, type Env, everyValue } from "./env.js";
import { readFolderAnswers, rememberFolder, trustedFoldersPath } from "./trusted-folders.js";

/** A command's settings, and what the user should read about them first. */
export interface FolderSettings {
  /** The environment over as much of the folder's `.env` as the folder is trusted with. */
  readonly env: Env;
  /** `.env`'s own warnings, and one line naming what of it was ignored. */
  readonly warnings: readonly string[];
  /**
   * The settings in `env` that only the folder's `.env` gave, in a folder not trusted:
   * plug-ins may read them, but not let them choose a command (`PluginContext`).
   */
  readonly untrusted: ReadonlySet<string>;
}

export interface TrustOptions {
  /** `--trust`: the user vouches for the folder, for this run. */
  readonly trust?: boolean;
  /** The real environment: the user's own, never the folder's. */
  readonly environment: Env;
  /** The folder whose `.env` this is. */
  readonly cwd: string;
  /** Asks the user a yes-or-no question; none where there is no terminal to ask on. */
  readonly ask?: (question: string) => Promise<boolean>;
}

/**
 * Applies a folder's `.env`. Plain settings (keys, base URLs, models) always count;
 * settings that name code or commands (`code-settings.ts`) count only in a trusted folder:
 * with `--trust`, or one the user said yes to on a terminal. The answer, yes or no, is
 * remembered in the data directory of the environment (never of `.env`), by the folder's
 * real path. Otherwise those settings are left out, with one warning that names them and
 * says how to trust the folder.
 */
export async function folderSettings(
  dotEnv: DotEnv,
  options: TrustOptions,
): Promise<FolderSettings> {
  const { environment } = options;
  const warnings = [...dotEnv.warnings];
  const code = codeSettingsIn(dotEnv.values, environment);
  // The whole .env, for a folder the user trusts.
  const whole = { env: everyValue(dotEnv, environment), warnings, untrusted: NONE };
  if (options.trust) return whole;
  // What only the folder gave, where the user's environment does not set it.
  const fromFolder = (names: readonly string[]) =>
    new Set(names.filter((name) => environment[name] === undefined));
  // Nothing in it to trust the folder with: all of it counts, and all of it is the folder's.
  if (code.size === 0) return { ...whole, untrusted: fromFolder(Object.keys(dotEnv.values)) };
  const folder = await realpath(options.cwd).catch(() => resolve(options.cwd));
  const dataDirectory = dataHome(environment);
  const answers = await readFolderAnswers(dataDirectory);
  if (answers.warning) warnings.push(answers.warning);
  if (answers.trusted.has(folder)) return whole;
  let declined = answers.untrusted.has(folder);
  if (!declined && options.ask) {
    const trust = await options.ask(trustQuestion(dotEnv, code));
    await rememberFolder(dataDirectory, folder, trust).catch((error: Error) => {
      warnings.push(`${error.message}: the answer counts for this run only`);
    });
    if (trust) return whole;
    declined = true;
  }
  const names = `${[...code.keys()].join(", ")} from ${dotEnv.path}`;
  warnings.push(
    declined
      ? `ignored ${names}: you chose not to trust this folder with starting commands, loading code or choosing where your keys go (run with --trust for one run, or take the folder out of ${trustedFoldersPath(dataDirectory)} to be asked again)`
      : `ignored ${names}: a folder's .env may start commands, load code or choose where your keys go only once you trust the folder (answer y when langchain-mini asks on a terminal, or run with --trust)`,
  );
  const plain = Object.entries(dotEnv.values).filter(([name]) => !code.has(name));
  return {
    env: { ...Object.fromEntries(plain), ...environment },
    warnings,
    untrusted: fromFolder(plain.map(([name]) => name)),
  };
}

const NONE: ReadonlySet<string> = new Set();

const LONGEST_VALUE_SHOWN = 80;

/** Each setting as the folder wrote it (secrets blanked, terminal-safe), and what it does. */
function trustQuestion(dotEnv: DotEnv, code: ReadonlyMap<string, string>) {
  const { redact } = environmentSecrets(dotEnv.values);
  const lines = [...code].map(([name, reason]) => {
    const value = redact(terminalText(dotEnv.values[name] ?? "")).replace(/\s+/g, " ");
    const shown =
      value.length > LONGEST_VALUE_SHOWN ? `${value.slice(0, LONGEST_VALUE_SHOWN - 1)}…` : value;
    return `  ${name}=${shown}  (${reason})`;
  });
  return [
    `${terminalText(dotEnv.path)} sets what starts commands or loads code:`,
    ...lines,
    "Trust this folder? Say yes only if you trust whoever wrote its files (remembered either way) [y/N] ",
  ].join("\n");
}
