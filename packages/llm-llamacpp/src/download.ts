/**
 * `@langchain-mini/llm-llamacpp/download`: finding and downloading models without loading
 * llama.cpp, so that an app can show a download's progress before the model's runtime
 * (a quarter of a second to import) is needed.
 */
export {
  type DownloadOptions,
  type DownloadProgress,
  downloadModelFile,
} from "./download-file.js";
export { checkGgufFile } from "./gguf-file.js";
export {
  type HuggingFaceOptions,
  type HuggingFaceUri,
  parseHuggingFaceUri,
} from "./hugging-face.js";
export {
  downloadFileName,
  type ModelSource,
  parseModelSource,
  type ResolvedModel,
  type ResolveModelOptions,
  resolveModelSource,
} from "./model-source.js";
export { RECOMMENDED_LOCAL_MODEL } from "./recommended-model.js";
