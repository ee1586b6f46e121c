export {
  CALCULATOR_SCRIPT,
  ENDLESS_SCRIPT,
  UNKNOWN_TOOL_SCRIPT,
  writeScriptModel,
} from "./fixtures.js";
export { encodeGguf, type GgufContent, type GgufTensor, type GgufValue } from "./gguf-writer.js";
export {
  type ModelServer,
  type ModelServerOptions,
  type ServedRequest,
  startModelServer,
} from "./model-server.js";
export { buildScriptModel, type ScriptModelSpec, type ScriptStep } from "./script-model.js";
