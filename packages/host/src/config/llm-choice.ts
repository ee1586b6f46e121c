import { type Llm, llmContractProblem } from "@langchain-mini/core";
import { BUILT_IN_PROVIDERS, DEFAULT_PROVIDERS } from "../plugins/built-ins.js";
import { callFactory, loadProvider, type ProviderPlugin } from "../plugins/load-plugin.js";
import { messageOf } from "../plugins/locate-module.js";
import { sizedLlm, windowNotice } from "./context-window.js";
import { type HostContext, pluginContext } from "./host-context.js";
import { nearest } from "./nearest-name.js";
import { noticesToShow } from "./notice-memory.js";
import { pricedLlm, readUserPrices } from "./prices.js";
import { usageError } from "./usage-error.js";

export type AgentMode = "react" | "tools";

export interface LlmChoice {
  /** `--llm <name>[:<model>]`; undefined: the first available default provider. */
  readonly spec: string | undefined;
  /** What the model will be asked to do; undefined: anything it can (an eval's judge). */
  readonly agentMode?: AgentMode;
  /** `--constrained`: only providers that say they can constrain decoding. */
  readonly constrained: boolean;
  readonly toolNames: readonly string[];
  /** `--context-window`: the model's window in tokens, over what anyone else says. */
  readonly contextWindow?: number;
}

export interface ChosenLlm {
  readonly llm: Llm;
  /** What the user should read before the run, e.g. a prices file with a mistake. */
  readonly notices: readonly string[];
}

/**
 * The run's LLM from `--llm`, through the one plug-in loader. What the run will ask of
 * the provider is checked against its declared capabilities before anything starts; its
 * price and context window are the user's (prices.json in the data directory) over the
 * provider's own, and `--context-window` over both. A window nobody knows is said once.
 */
export async function chooseLlm(choice: LlmChoice, host: HostContext): Promise<ChosenLlm> {
  const { plugin, model } = choice.spec
    ? await namedProvider(choice.spec, host)
    : { plugin: await defaultProvider(host), model: undefined };
  checkCapabilities(plugin, choice);
  const llm = await callFactory(`createLlm of '${plugin.name}'`, () =>
    plugin.createLlm({
      ...pluginContext(host),
      model,
      ...(choice.constrained ? { constrain: { toolNames: choice.toolNames } } : {}),
    }),
  );
  const problem = llmContractProblem(llm);
  if (problem) throw usageError(`createLlm of '${plugin.name}' did not return an LLM: ${problem}`);
  const user = await readUserPrices(host.dataDirectory);
  const priced = pricedLlm(llm as Llm, plugin.prices, user.prices);
  const sized = sizedLlm(priced, choice.contextWindow, user.windows);
  const unknownWindow = windowNotice(sized);
  return {
    llm: sized,
    notices: [
      ...(user.warning ? [user.warning] : []),
      ...(unknownWindow ? await noticesToShow(host.dataDirectory, [unknownWindow]) : []),
    ],
  };
}

async function namedProvider(spec: string, host: HostContext) {
  const colon = spec.indexOf(":");
  const name = colon === -1 ? spec : spec.slice(0, colon);
  const model = colon === -1 ? undefined : spec.slice(colon + 1) || undefined;
  if (!name) throw usageError(`--llm ${spec} names no provider: use <provider>[:<model>]`);
  const plugin = await loadProvider(name, host).catch((error: unknown) => {
    throw misspeltProvider(name, error) ?? error;
  });
  const verdict = plugin.availability(host.env);
  if (!verdict.available) throw usageError(withDotEnvHint(verdict.reason));
  return { plugin, model };
}

/**
 * A bare word that is neither built in nor installed, near a built-in's name (`opanai`):
 * the loader's line, with the name meant first.
 */
function misspeltProvider(name: string, error: unknown) {
  const message = messageOf(error);
  if (!/^[\w-]+$/.test(name) || !/^Unknown LLM provider '/.test(message)) return undefined;
  const near = nearest(name, [...BUILT_IN_PROVIDERS.keys()]);
  if (!near) return undefined;
  const [unknown, ...rest] = message.split(": ");
  const after = rest.join(": ");
  return usageError(
    `${unknown}: did you mean ${near}? ${after.charAt(0).toUpperCase()}${after.slice(1)}`,
  );
}

/** The first default provider that can run here, or the error that lists what to set. */
export async function defaultProvider(host: HostContext): Promise<ProviderPlugin> {
  const plugins = await defaultProviders(host);
  const usable = plugins.find((plugin) => plugin.availability(host.env).available);
  if (usable) return usable;
  throw usageError(
    `No LLM configured: set ${enablingSettings(plugins)} in the environment or .env, or pass --llm script:<file.json> or --llm llamacpp:<model.gguf> to run offline`,
  );
}

export function defaultProviders(host: HostContext): Promise<ProviderPlugin[]> {
  return Promise.all(DEFAULT_PROVIDERS.map((name) => loadProvider(name, host)));
}

/** `OPENAI_API_KEY or OPENAI_BASE_URL (openai), ANTHROPIC_API_KEY (anthropic)`. */
function enablingSettings(plugins: readonly ProviderPlugin[]) {
  return plugins
    .map((plugin) => {
      const names = plugin.environment.filter((variable) => variable.enables).map((v) => v.name);
      return names.length ? `${names.join(" or ")} (${plugin.name})` : undefined;
    })
    .filter(Boolean)
    .join(", ");
}

function checkCapabilities(plugin: ProviderPlugin, choice: LlmChoice) {
  const { capabilities: can, name } = plugin;
  if (choice.agentMode === "tools" && !(can.tools && can.messages)) {
    throw usageError(
      `The ${name} provider cannot take tool definitions, which --agent tools needs: use --agent react (the text ReAct format)`,
    );
  }
  if (choice.agentMode === "react" && !can.prompt) {
    throw usageError(
      `The ${name} provider cannot continue a plain prompt, which --agent react needs: use --agent tools`,
    );
  }
  if (choice.constrained && !can.constrained) {
    throw usageError(
      `--constrained needs a provider that can constrain decoding to the ReAct format (such as llamacpp), and ${name} cannot: leave --constrained out`,
    );
  }
}

/** A plug-in speaks of the environment; this CLI reads `.env` in the working directory too. */
function withDotEnvHint(reason: string) {
  return /\.env\b/.test(reason) ? reason : `${reason} (langchain-mini also reads .env here)`;
}
