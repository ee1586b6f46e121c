import type { SetupProgress } from "@langchain-mini/core";
import {
  createHost,
  type DotEnv,
  environmentSecrets,
  everyValue,
  folderSettings,
  type Host,
  storeFlag,
} from "@langchain-mini/host";
import { BUNDLED_MODULES } from "./bundled-modules.js";

/**
 * The command line's side of a run: the process's environment, working directory and
 * `.env`, read once in `main`. Commands get their host here; everything this process
 * writes outside the host's own output (a failure line, a vendor SDK's console log)
 * blanks the same secrets, the host's once there is one.
 */
export interface Shell {
  readonly dotEnv: DotEnv;
  /** Blanks the environment's and `.env`'s secrets, and those of the host's plug-ins. */
  redact(text: string): string;
  /**
   * The host for this folder's settings: the environment over as much of `.env` as the
   * folder is trusted with (asked on a terminal), `--store` standing in for
   * LANGCHAIN_MINI_STORE. `warnings` are what the user should read first.
   */
  openHost(options: OpenHostOptions): Promise<{ host: Host; warnings: readonly string[] }>;
}

export interface OpenHostOptions {
  /** `--trust`: the user vouches for the folder, for this run. */
  readonly trust?: boolean;
  /** `--store`. */
  readonly store?: string;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: SetupProgress) => void;
}

export function createShell(dotEnv: DotEnv): Shell {
  const everything = environmentSecrets(everyValue(dotEnv, process.env));
  let host: Host | undefined;
  return {
    dotEnv,
    redact: (text) => {
      const blanked = everything.redact(text);
      return host ? host.secrets.redact(blanked) : blanked;
    },
    async openHost(options) {
      const interactive = process.stdin.isTTY && process.stderr.isTTY;
      // Loaded only on a terminal: readline is a start-up cost a pipe never needs.
      const ask = interactive
        ? async (question: string) =>
            (await import("./config/trust-prompt.js")).askYesOrNo(question)
        : undefined;
      const settings = await folderSettings(dotEnv, {
        trust: options.trust,
        environment: process.env,
        cwd: process.cwd(),
        ...(ask ? { ask } : {}),
      });
      host = createHost({
        // --store stands in for LANGCHAIN_MINI_STORE: the host blanks its password too.
        env: storeFlag(settings.env, options.store),
        cwd: process.cwd(),
        untrustedVariables: settings.untrusted,
        bundled: BUNDLED_MODULES,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      });
      return { host, warnings: settings.warnings };
    },
  };
}
