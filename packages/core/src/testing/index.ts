export {
  SCRIPT_CAPABILITIES,
  ScriptedLlm,
  type ScriptedLlmOptions,
  type ScriptedReply,
  type ScriptedToolCall,
} from "./scripted-llm.js";
