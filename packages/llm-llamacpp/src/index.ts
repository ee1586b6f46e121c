export { type GpuChoice, type RuntimeOptions, sharedLlama } from "./llama-runtime.js";
export { LlamaCppLlm, type LlamaCppOptions } from "./llamacpp-llm.js";
export { checkGgufFile } from "./load-model.js";
export { isReactStepPrompt, reactStepGrammar } from "./react-grammar.js";
