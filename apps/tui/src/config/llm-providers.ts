import type { Llm } from "@langchain-mini/core";
import type { DownloadProgress } from "@langchain-mini/llm-llamacpp";
import type { Env } from "./env.js";
import { usageError } from "./usage-error.js";

/** Makes an LLM from the part of `--llm` after the first colon. Imported lazily: start-up stays fast. */
type ProviderFactory = (
  argument: string | undefined,
  env: Env,
  context: ProviderContext,
) => Promise<Llm>;

/** What a provider may need from the rest of the run's configuration. */
export interface ProviderContext {
  /** The selected tools' names, e.g. for a grammar that allows only these. */
  readonly toolNames: readonly string[];
  /** `--constrained`: decode only well-formed ReAct steps (llamacpp). */
  readonly constrained: boolean;
  /** Model downloads report here; without it `ask` draws a bar on stderr. */
  readonly onDownloadProgress?: (progress: DownloadProgress) => void;
  readonly signal?: AbortSignal;
}

const NO_CONTEXT: ProviderContext = { toolNames: [], constrained: false };

const providers: Record<string, ProviderFactory> = {
  script: async (argument) => (await import("./script-llm.js")).createScriptLlm(argument),
  openai: async (argument, env) =>
    new (await import("@langchain-mini/llm-openai")).OpenAiLlm({
      model: argument || undefined,
      env,
    }),
  llamacpp: async (argument, env, context) =>
    (await import("./llamacpp-llm.js")).createLlamaCppLlm(argument, env, context),
};

/** `--llm <name>[:<argument>]`, e.g. `script:answers.json` or `<module>:<model>` for a plug-in. */
export async function createLlm(
  spec: string | undefined,
  env: Env,
  context: ProviderContext = NO_CONTEXT,
): Promise<Llm> {
  if (!spec) {
    // Like the OpenAI SDK itself: a key or a base URL in the environment means OpenAI.
    if (env.OPENAI_API_KEY || env.OPENAI_BASE_URL) return createLlm("openai", env, context);
    throw usageError(
      "No LLM configured: set OPENAI_API_KEY (or OPENAI_BASE_URL for a local server such as Ollama) in the environment or .env, or pass --llm script:<file.json> or --llm llamacpp:<model.gguf> to run offline",
    );
  }
  const colon = spec.indexOf(":");
  const name = colon === -1 ? spec : spec.slice(0, colon);
  const argument = colon === -1 ? undefined : spec.slice(colon + 1);
  if (context.constrained && name !== "llamacpp") {
    throw usageError(`--constrained works with --llm llamacpp:<model> only, not with ${name}`);
  }
  const factory = providers[name];
  if (factory) return factory(argument, env, context);
  // Not built in: a provider package installed in the project, or a file (./my-llm.js).
  const { loadLlmPlugin } = await import("./plugin-loader.js");
  const plugin = await loadLlmPlugin(name, argument, { env });
  if (plugin) return plugin;
  throw usageError(
    `Unknown LLM provider '${name}' in --llm ${spec}: use one of ${Object.keys(providers).join(", ")}; or name a provider package installed in this project, or a file such as ./my-provider.js`,
  );
}
