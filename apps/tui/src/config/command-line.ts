import { type ParseArgsConfig, parseArgs } from "node:util";
import { nearest, usageError } from "@langchain-mini/host";

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * Options of other agent tools that mean one of ours: `--model gpt-4o` is `--llm
 * openai:gpt-4o` here, and the line says so rather than "unknown".
 */
const SYNONYMS: ReadonlyMap<string, string> = new Map([
  ["model", "llm"],
  ["m", "llm"],
  ["provider", "llm"],
  ["max-iterations", "max-steps"],
]);

/** Model names whose provider is plain from the name; others get `<provider>:`. */
const PROVIDER_OF_MODEL: readonly (readonly [RegExp, string])[] = [
  [/^(gpt-|chatgpt|o\d)/i, "openai"],
  [/^claude/i, "anthropic"],
  [/^(gemini|gemma)/i, "google"],
  [/(\.gguf$|^hf:)/i, "llamacpp"],
];

/**
 * `parseArgs`, whose unknown option is a usage error (exit 2) that names the option
 * meant: `--model gpt-4o` gets `--llm openai:gpt-4o`, `--tool calculator` gets `--tools
 * calculator`; with nothing near, the help.
 */
export function parseCommandLine<T extends ParseArgsConfig>(
  config: T,
): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code !== "ERR_PARSE_ARGS_UNKNOWN_OPTION") throw error;
    throw unknownOption(config) ?? error;
  }
}

function unknownOption(config: ParseArgsConfig) {
  const options: Options = config.options ?? {};
  // Parsed again leniently, for the unknown option's place and the value typed after it.
  const { tokens } = parseArgs({ ...config, strict: false, tokens: true });
  const index = tokens.findIndex(
    (token) => token.kind === "option" && !Object.hasOwn(options, token.name),
  );
  const token = tokens[index];
  if (token?.kind !== "option") return undefined;
  const next = tokens[index + 1];
  const typed =
    token.inlineValue && token.value !== undefined
      ? token.value
      : next?.kind === "positional" && next.index === token.index + 1
        ? next.value
        : undefined;
  // Echoed in the hint only when it is a word or two, not a question or a pasted file.
  const value = typed !== undefined && typed.length <= 80 ? typed : undefined;
  const meant = suggestion(token.name, value, options);
  return usageError(
    `Unknown option '${token.rawName}': ${meant ? `did you mean ${meant}?` : "see --help"}`,
  );
}

function suggestion(typed: string, value: string | undefined, options: Options) {
  // The command's own options and the synonyms of them, a slip of either (`--modle`) included.
  const synonyms = [...SYNONYMS].filter(([, option]) => Object.hasOwn(options, option));
  const known = [...Object.keys(options), ...synonyms.map(([synonym]) => synonym)];
  const name = SYNONYMS.has(typed) ? typed : typed.length > 1 ? nearest(typed, known) : undefined;
  if (!name) return undefined;
  const option = SYNONYMS.get(name) ?? name;
  if (option === "llm" && name !== option) {
    if (value === undefined) return "--llm <provider>:<model>";
    return `--llm ${name === "provider" ? value : modelSpec(value)}`;
  }
  if (!Object.hasOwn(options, option)) return undefined;
  // The value goes with an option that takes one; a flag's next word is something else.
  return value !== undefined && options[option]?.type === "string"
    ? `--${option} ${value}`
    : `--${option}`;
}

/** `gpt-4o` → `openai:gpt-4o`; a spec that names its provider stays as it is. */
function modelSpec(model: string) {
  if (model.includes(":") && !/^hf:/i.test(model)) return model;
  const provider = PROVIDER_OF_MODEL.find(([pattern]) => pattern.test(model))?.[1];
  return `${provider ?? "<provider>"}:${model}`;
}
