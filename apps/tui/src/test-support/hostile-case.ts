import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { type CliOptions, type CliResult, runCli, tempDir } from "./cli.js";

/**
 * Secrets every hostile case runs with. None has a shape the redactor knows (`sk-…`):
 * only the environment says they are keys, so each is blanked because it is one.
 */
export const SECRETS = {
  OPENAI_API_KEY: "corpus-openai-secret-4f1d9a7c2b",
  SERPAPI_API_KEY: "corpus-serpapi-secret-8e3b6d0a91",
  ACME_SERVICE_TOKEN: 'corpus-token-with-"quote"-and-\\backslash-77',
} as const;

/** A case's working directory: inputs at its root, outputs in `out/`, data in `home/`. */
export interface CaseContext {
  readonly directory: string;
  /** Where the case's outputs go (traces); every file in it is checked. */
  readonly out: string;
  /** LANGCHAIN_MINI_HOME: sessions and downloads; every file in it is checked. */
  readonly home: string;
  /** Writes an input file and returns its path. */
  file(name: string, content: string): string;
  /** A `script:` file of these replies. */
  script(replies: readonly unknown[]): string;
}

type CaseEnv = Readonly<Record<string, string | undefined>>;

export interface HostileCase {
  readonly name: string;
  readonly args: (context: CaseContext) => readonly string[];
  readonly setup?: (context: CaseContext) => void;
  /**
   * Added to the case's environment (the secrets, LANGCHAIN_MINI_HOME); a name given
   * `undefined` is left out. A function gets the case's folders.
   */
  readonly env?: CaseEnv | ((context: CaseContext) => CaseEnv);
  readonly options?: Omit<CliOptions, "cwd" | "env">;
  readonly status: number;
  /** The whole of stdout, or a pattern it matches. */
  readonly stdout?: string | RegExp;
  /** Text stderr holds, or a pattern it matches. */
  readonly stderr?: string | RegExp;
  /** Also a pass when this much is true: what a case checks beyond the common rules. */
  readonly check?: (result: CliResult, context: CaseContext) => void | Promise<void>;
  /** Text that must not appear anywhere, beyond the secrets and the common rules. */
  readonly forbidden?: readonly (string | RegExp)[];
}

// What never reaches a user, whatever the input: internals of the process.
const ALWAYS_FORBIDDEN: readonly RegExp[] = [
  /^\s+at .+[:(]\d+:\d+\)?$/m,
  /node:internal/,
  /unexpected error/,
  /\[object Object\]/,
  /Cannot read properties of/,
];

/** Runs one case through the built CLI and checks its status, outputs and files. */
export async function runHostileCase(hostile: HostileCase) {
  const context = caseContext();
  hostile.setup?.(context);
  const extra = typeof hostile.env === "function" ? hostile.env(context) : hostile.env;
  const env = Object.entries({ ...SECRETS, LANGCHAIN_MINI_HOME: context.home, ...extra }).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  const result = await runCli(hostile.args(context), {
    ...hostile.options,
    cwd: context.directory,
    env: Object.fromEntries(env),
  });
  const shown = `status ${result.status}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`;
  expect(result.status, shown).toBe(hostile.status);
  if (typeof hostile.stdout === "string") expect(result.stdout, shown).toBe(hostile.stdout);
  else if (hostile.stdout) expect(result.stdout, shown).toMatch(hostile.stdout);
  if (typeof hostile.stderr === "string") expect(result.stderr, shown).toContain(hostile.stderr);
  else if (hostile.stderr) expect(result.stderr, shown).toMatch(hostile.stderr);
  // A failure says so in one line of ours.
  const ours = result.stderr.split("\n").filter((line) => line.startsWith("langchain-mini:"));
  expect(ours.length, shown).toBeLessThanOrEqual(1);

  const outputs = [
    ["stdout", result.stdout],
    ["stderr", result.stderr],
    ...filesUnder(context.out),
    ...filesUnder(context.home),
  ] as const;
  const forbidden = [...Object.values(SECRETS), ...ALWAYS_FORBIDDEN, ...(hostile.forbidden ?? [])];
  for (const [where, text] of outputs) {
    for (const pattern of forbidden) {
      const found = typeof pattern === "string" ? text.includes(pattern) : pattern.test(text);
      expect(found, `${String(pattern)} in ${where}:\n${text.slice(0, 2000)}`).toBe(false);
    }
  }
  await hostile.check?.(result, context);
  return { result, context };
}

function caseContext(): CaseContext {
  const directory = tempDir();
  const out = join(directory, "out");
  const home = join(directory, "home");
  mkdirSync(out);
  let scripts = 0;
  const file = (name: string, content: string) => {
    const path = join(directory, name);
    writeFileSync(path, content);
    return path;
  };
  return {
    directory,
    out,
    home,
    file,
    script: (replies) => file(`script-${++scripts}.json`, JSON.stringify(replies)),
  };
}

/** Every regular file below a directory, as [path, text]. */
function filesUnder(directory: string): Array<readonly [string, string]> {
  let names: string[];
  try {
    names = readdirSync(directory, { recursive: true }) as string[];
  } catch {
    return [];
  }
  return names
    .map((name) => join(directory, name))
    .filter((path) => statSync(path, { throwIfNoEntry: false })?.isFile())
    .map((path) => [path, readFileSync(path, "utf8")] as const);
}
