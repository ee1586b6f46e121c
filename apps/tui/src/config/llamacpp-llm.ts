import type { Llm } from "@langchain-mini/core";
import type { GpuChoice } from "@langchain-mini/llm-llamacpp";
import { type DownloadProgress, resolveModelSource } from "@langchain-mini/llm-llamacpp/download";
import { createDownloadProgress } from "../render/download-progress.js";
import { modelsDirectory } from "./data-home.js";
import type { Env } from "./env.js";
import type { ProviderContext } from "./llm-providers.js";
import { usageError } from "./usage-error.js";

const EXAMPLE = "--llm llamacpp:hf:Qwen/Qwen2.5-1.5B-Instruct-GGUF:Q4_K_M";

/**
 * `--llm llamacpp:<model>`: a GGUF model run in process. The model is a file path, an
 * http(s) URL or an `hf:` URI; downloads go to the models directory and are reused.
 * LLAMACPP_THREADS, LLAMACPP_CONTEXT_SIZE and LLAMACPP_GPU tune the run.
 */
export async function createLlamaCppLlm(
  argument: string | undefined,
  env: Env,
  context: ProviderContext,
): Promise<Llm> {
  if (!argument) {
    throw usageError(
      `--llm llamacpp: needs a model: a .gguf file, a URL or an hf: URI, e.g. ${EXAMPLE}`,
    );
  }
  const options = {
    threads: positiveInteger(env, "LLAMACPP_THREADS"),
    contextSize: positiveInteger(env, "LLAMACPP_CONTEXT_SIZE"),
    gpu: gpuChoice(env.LLAMACPP_GPU),
  };
  // The TUI draws its own progress; `ask` draws a bar on stderr, once bytes flow.
  let bar: ReturnType<typeof createDownloadProgress> | undefined;
  const onProgress =
    context.onDownloadProgress ??
    ((event: DownloadProgress) => {
      bar ??= createDownloadProgress(process.stderr, event.url);
      bar.report(event);
    });
  let resolved: Awaited<ReturnType<typeof resolveModelSource>>;
  try {
    resolved = await resolveModelSource(argument, {
      modelsDirectory: modelsDirectory(env),
      onProgress,
      signal: context.signal,
      huggingFace: { endpoint: env.HF_ENDPOINT, token: env.HF_TOKEN },
    });
  } finally {
    bar?.finish();
  }
  // llama.cpp's bindings load only now: a download's progress shows from the first moment.
  const { LlamaCppLlm } = await import("@langchain-mini/llm-llamacpp");
  return LlamaCppLlm.load({
    modelPath: resolved.path,
    ...options,
    reactGrammar: context.constrained ? { toolNames: context.toolNames } : undefined,
  });
}

function positiveInteger(env: Env, name: string) {
  const value = env[name];
  if (value === undefined || value === "") return undefined;
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number < 1) {
    throw usageError(`${name} must be a whole number of at least 1, got '${value}'`);
  }
  return number;
}

function gpuChoice(value: string | undefined): GpuChoice | undefined {
  switch (value?.trim().toLowerCase()) {
    case undefined:
    case "":
      return undefined;
    case "auto":
    case "cuda":
    case "vulkan":
    case "metal":
      return value.trim().toLowerCase() as GpuChoice;
    case "cpu":
    case "false":
    case "off":
      return false;
    default:
      throw usageError(`LLAMACPP_GPU must be auto, cpu, cuda, vulkan or metal, got '${value}'`);
  }
}
