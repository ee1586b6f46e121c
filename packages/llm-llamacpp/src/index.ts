export {
  type DownloadOptions,
  type DownloadProgress,
  downloadModelFile,
} from "./download-file.js";
export {
  type HuggingFaceOptions,
  type HuggingFaceUri,
  parseHuggingFaceUri,
} from "./hugging-face.js";
export { type GpuChoice, type RuntimeOptions, sharedLlama } from "./llama-runtime.js";
export { LlamaCppLlm, type LlamaCppOptions } from "./llamacpp-llm.js";
export { checkGgufFile } from "./load-model.js";
export {
  downloadFileName,
  type ModelSource,
  parseModelSource,
  type ResolvedModel,
  type ResolveModelOptions,
  resolveModelSource,
} from "./model-source.js";
export { isReactStepPrompt, reactStepGrammar } from "./react-grammar.js";
export { RECOMMENDED_LOCAL_MODEL } from "./recommended-model.js";
