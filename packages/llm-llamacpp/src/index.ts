export {
  checkGgufFile,
  type DownloadOptions,
  type DownloadProgress,
  downloadFileName,
  downloadModelFile,
  type HuggingFaceOptions,
  type HuggingFaceUri,
  type ModelSource,
  parseHuggingFaceUri,
  parseModelSource,
  RECOMMENDED_LOCAL_MODEL,
  type ResolvedModel,
  type ResolveModelOptions,
  resolveModelSource,
} from "./download.js";
export { type GpuChoice, type RuntimeOptions, sharedLlama } from "./llama-runtime.js";
export { LlamaCppLlm, type LlamaCppOptions } from "./llamacpp-llm.js";
export {
  availability,
  capabilities,
  createLlm,
  description,
  environment,
} from "./plugin.js";
export { isReactStepPrompt, reactStepGrammar } from "./react-grammar.js";
