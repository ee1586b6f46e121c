import { usageError } from "@langchain-mini/host";
import { parseCommandLine } from "./command-line.js";

/** What every `<command> [action] [name]` takes besides its own options. */
const COMMON_OPTIONS = {
  help: { type: "boolean", short: "h" },
  debug: { type: "boolean" },
  trust: { type: "boolean" },
} as const;

/** A command's own options: single values, each a string or a flag. */
type ActionOptions = Readonly<Record<string, { readonly type: "string" | "boolean" }>>;

type OptionValues<T extends ActionOptions> = {
  readonly [K in keyof T]?: T[K]["type"] extends "string" ? string : boolean;
};

/**
 * `<command> [action] [name]` (sessions, plugins): its options, the action ("list" when
 * none is given) and at most one name. Undefined when --help asked for the usage, which
 * is then written; more than one name is a usage error.
 */
export function parseActionCommand<T extends ActionOptions>(
  command: string,
  argv: readonly string[],
  usage: string,
  options: T,
) {
  const { values: parsed, positionals } = parseCommandLine({
    args: [...argv],
    options: { ...COMMON_OPTIONS, ...options },
    allowPositionals: true,
  });
  // What node:util's types cannot work out for options that are a type parameter.
  const values = parsed as OptionValues<typeof COMMON_OPTIONS & T>;
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return undefined;
  }
  const [action = "list", name, ...extra] = positionals;
  if (extra.length) throw usageError(`${command} ${action} takes one name.\n${usage}`);
  return { values, action, name };
}
