import { LangchainMiniError, type PluginEnv } from "@langchain-mini/core";
import type { GpuChoice } from "./llama-runtime.js";

export interface LlamaCppSettings {
  readonly threads: number | undefined;
  readonly contextSize: number | undefined;
  readonly gpu: GpuChoice | undefined;
}

/** LLAMACPP_THREADS, LLAMACPP_CONTEXT_SIZE and LLAMACPP_GPU, each checked into one clear line. */
export function readSettings(env: PluginEnv): LlamaCppSettings {
  return {
    threads: positiveInteger(env, "LLAMACPP_THREADS"),
    contextSize: positiveInteger(env, "LLAMACPP_CONTEXT_SIZE"),
    gpu: gpuChoice(env.LLAMACPP_GPU),
  };
}

function positiveInteger(env: PluginEnv, name: string) {
  const value = env[name];
  if (value === undefined || value === "") return undefined;
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number < 1) {
    throw invalid(`${name} must be a whole number of at least 1, got '${value}'`);
  }
  return number;
}

function gpuChoice(value: string | undefined): GpuChoice | undefined {
  const choice = value?.trim().toLowerCase();
  switch (choice) {
    case undefined:
    case "":
      return undefined;
    case "auto":
    case "cuda":
    case "vulkan":
    case "metal":
      return choice;
    case "cpu":
    case "false":
    case "off":
      return false;
    default:
      throw invalid(`LLAMACPP_GPU must be auto, cpu, cuda, vulkan or metal, got '${value}'`);
  }
}

function invalid(message: string) {
  return new LangchainMiniError("config_invalid", message);
}
