export { ScriptedLlm, type ScriptedLlmOptions, type ScriptedReply } from "./scripted-llm.js";
