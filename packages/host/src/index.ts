export { DEFAULT_HISTORY } from "@langchain-mini/memory";
export {
  type ChatDecision,
  type ChatRequest,
  type ChatRequestError,
  parseChatRequest,
} from "./boundary/chat-request.js";
export { createEventOutput, type EventOutputOptions } from "./boundary/event-output.js";
export { createLineBatch } from "./boundary/line-batch.js";
export { environmentSecrets, type SecretMatcher, Secrets } from "./boundary/secrets.js";
export { jsonText, terminalText, visibleText } from "./boundary/terminal-text.js";
export { parseToolCallId, type ToolCallPlace, toolCallId } from "./boundary/tool-call-id.js";
export type {
  UiFinishReason,
  UiMessageChunk,
  UiMessageMetadata,
} from "./boundary/ui-message-chunk.js";
export {
  UI_MESSAGE_STREAM_DONE,
  UI_MESSAGE_STREAM_HEADERS,
  uiMessageSse,
} from "./boundary/ui-message-sse.js";
export {
  createUiMessageTranslator,
  type UiMessageStreamOptions,
  type UiMessageTranslator,
} from "./boundary/ui-message-stream.js";
export type { WireEvent, WireLlmStart } from "./boundary/wire-event.js";
export { createPromptRebuilder, redactEventStrings } from "./boundary/wire-form.js";
export { type DotEnv, type Env, everyValue, readDotEnv } from "./config/env.js";
export { type FolderSettings, folderSettings, type TrustOptions } from "./config/folder-trust.js";
export type { HostContext } from "./config/host-context.js";
export { defaultProvider } from "./config/llm-choice.js";
export { nearest } from "./config/nearest-name.js";
export type { AgentMode, Runtime, RuntimeOptions } from "./config/runtime.js";
export { type SettingRow, setupSettings } from "./config/setup-settings.js";
export { STORE_HELP, type StoreChoice, storeFlag, withoutPassword } from "./config/store-choice.js";
export { usageError } from "./config/usage-error.js";
export { createHost, type Host, type HostOptions, type SessionOptions } from "./create-host.js";
export {
  ADD_ONS,
  BUILT_IN_PROVIDERS,
  BUILT_IN_STORES,
  BUILT_IN_TOOLS,
} from "./plugins/built-ins.js";
export { addPlugin, describePlugin, removePlugin } from "./plugins/install.js";
export { type BundledModules, locateModule } from "./plugins/locate-module.js";
export { installedNames, installedVersion } from "./plugins/plugin-project.js";
export { leaseIsLive } from "./runs/run-lease.js";
export {
  DEFAULT_KEEP_DAYS,
  type FoundRun,
  findRun,
  keepDaysSetting,
  listRuns,
} from "./runs/run-list.js";
export { type RunState, type RunSummary, startOf } from "./runs/run-summary.js";
export type { LogEvent } from "./session/observe-run.js";
export {
  type AskOptions,
  createSession,
  type DecisionOptions,
  modelLabel,
  type OpenedConversation,
  type ResumeOptions,
  type RunDecision,
  type Session,
  type SessionParts,
  type SessionRun,
  type Turn,
} from "./session/session.js";
export { completionsOf, type LoadedTrace, readTrace } from "./trace/read-trace.js";
export { openTrace, type TraceLine, type TraceWriter } from "./trace/trace-writer.js";
