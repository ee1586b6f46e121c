export {
  HOSTILE_ENTITIES,
  HOSTILE_TEXTS,
  type HostileKind,
  type HostileText,
  PROTOTYPE_NAMES,
  TERMINAL_FORBIDDEN,
} from "./hostile-text.js";
export {
  SCRIPT_CAPABILITIES,
  ScriptedLlm,
  type ScriptedLlmOptions,
  type ScriptedReply,
  type ScriptedToolCall,
} from "./scripted-llm.js";
