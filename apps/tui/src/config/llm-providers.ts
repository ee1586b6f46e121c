import type { Llm } from "@langchain-mini/core";
import type { Env } from "./env.js";
import { usageError } from "./usage-error.js";

/** Makes an LLM from the part of `--llm` after the first colon. Imported lazily: start-up stays fast. */
type ProviderFactory = (argument: string | undefined, env: Env) => Promise<Llm>;

const providers: Record<string, ProviderFactory> = {
  script: async (argument) => (await import("./script-llm.js")).createScriptLlm(argument),
};

/** `--llm <name>[:<argument>]`, e.g. `script:answers.json`. */
export async function createLlm(spec: string | undefined, env: Env): Promise<Llm> {
  if (!spec) {
    throw usageError("No LLM configured: pass --llm script:<file.json> to run offline");
  }
  const colon = spec.indexOf(":");
  const name = colon === -1 ? spec : spec.slice(0, colon);
  const argument = colon === -1 ? undefined : spec.slice(colon + 1);
  const factory = providers[name];
  if (!factory) {
    throw usageError(
      `Unknown LLM provider '${name}' in --llm ${spec}: use one of ${Object.keys(providers).join(", ")}`,
    );
  }
  return factory(argument, env);
}
