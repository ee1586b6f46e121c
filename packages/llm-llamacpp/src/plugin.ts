import { isAbsolute, join, resolve } from "node:path";
import type {
  Availability,
  CreateLlmOptions,
  EnvVariable,
  Llm,
  PluginEnv,
} from "@langchain-mini/core";
import { dataHome, LangchainMiniError } from "@langchain-mini/core";
import { parseModelSource, resolveModelSource } from "./model-source.js";
import { RECOMMENDED_LOCAL_MODEL } from "./recommended-model.js";
import { readSettings } from "./settings.js";

// The plug-in contract of @langchain-mini/core. This module stays light: llama.cpp's
// bindings load only once the model is on disk, so a download shows progress at once.

export const description = "a GGUF model run in process by llama.cpp (no key, no server)";

export { capabilities } from "./capabilities.js";

export const environment: readonly EnvVariable[] = [
  { name: "LLAMACPP_THREADS", description: "CPU threads (default: half the logical CPUs)" },
  {
    name: "LLAMACPP_CONTEXT_SIZE",
    description: "tokens of context (default: the model's, at most 8192)",
  },
  { name: "LLAMACPP_GPU", description: "auto, cpu, cuda, vulkan or metal" },
  { name: "HF_TOKEN", description: "opens gated Hugging Face models", secret: true },
  { name: "HF_ENDPOINT", description: "another Hugging Face host" },
];

export function availability(_env: PluginEnv): Availability {
  return { available: true };
}

const EXAMPLE = `--llm llamacpp:${RECOMMENDED_LOCAL_MODEL.uri}`;

/**
 * `--llm llamacpp:<model>`: a `.gguf` path (relative to `cwd`), an http(s) URL or an `hf:`
 * URI. Downloads go to `<dataDirectory>/models` (without one, the data home that
 * LANGCHAIN_MINI_HOME names, as for the CLI), report through `onProgress` and resume.
 */
export async function createLlm(options: CreateLlmOptions): Promise<Llm> {
  if (!options.model) {
    throw new LangchainMiniError(
      "config_invalid",
      `--llm llamacpp: needs a model: a .gguf file, a URL or an hf: URI, e.g. ${EXAMPLE}`,
    );
  }
  const settings = readSettings(options.env);
  const resolved = await resolveModelSource(fromCwd(options.model, options.cwd), {
    modelsDirectory: join(options.dataDirectory ?? dataHome(options.env), "models"),
    signal: options.signal,
    onProgress: (progress) =>
      options.onProgress?.({
        label: progress.url,
        done: progress.received,
        total: progress.total,
        unit: "bytes",
        resumedFrom: progress.resumedFrom,
      }),
    huggingFace: { endpoint: options.env.HF_ENDPOINT, token: options.env.HF_TOKEN },
  });
  const { LlamaCppLlm } = await import("./llamacpp-llm.js");
  return LlamaCppLlm.load({
    modelPath: resolved.path,
    ...settings,
    reactGrammar: options.constrain,
  });
}

/** A relative model path means the host's working directory, not the process's. */
function fromCwd(model: string, cwd: string | undefined) {
  const source = parseModelSource(model);
  if (source.kind !== "file" || isAbsolute(source.path) || !cwd) return model;
  return resolve(cwd, source.path);
}
