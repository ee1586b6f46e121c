export {
  AgentBase,
  type AgentLimits,
  type AgentRunOptions,
  DEFAULT_MAX_STEPS,
  DEFAULT_MAX_TOKENS,
  DEFAULT_TOOL_TIMEOUT_MS,
} from "./agent-base.js";
export { type AgentRun, type Emit, startRun } from "./agent-run.js";
export { checkApiKey } from "./api-key.js";
export {
  APPROVAL_POLICIES,
  type ApprovalDecision,
  type ApprovalPolicy,
  type ApprovalRequest,
  type Approve,
} from "./approval.js";
export { type CallLlmOptions, callLlm, type LlmCallResult } from "./call-llm.js";
export { Channel } from "./channel.js";
export { costOf } from "./cost.js";
export {
  addCost,
  addCostSums,
  type CostSum,
  costField,
  costTotal,
  NO_COST,
} from "./cost-sum.js";
export { dataHome } from "./data-home.js";
export {
  abortError,
  describeThrown,
  type ErrorCode,
  type ErrorInfo,
  errorInfo,
  isLangchainMiniError,
  LangchainMiniError,
  toLangchainMiniError,
} from "./errors.js";
export type {
  AgentEvent,
  AgentEventType,
  AgentResult,
  AgentStep,
  LlmCallPurpose,
  RunStatus,
} from "./events.js";
export {
  addUsage,
  type ChatMessage,
  type FinishReason,
  type JsonSchema,
  type Llm,
  type LlmCapabilities,
  type LlmChunk,
  type LlmRequest,
  type LlmResponse,
  NO_USAGE,
  type ProviderData,
  type TokenUsage,
  type ToolCall,
  type ToolDefinition,
} from "./llm.js";
export { LlmRunnable } from "./llm-runnable.js";
export { makeDirectory } from "./make-directory.js";
export { checkMilliseconds, LONGEST_TIMER_MS, readMilliseconds } from "./milliseconds.js";
export {
  cutAtObservation,
  EMPTY_FINAL_ANSWER,
  MISSING_ACTION,
  MISSING_ACTION_INPUT,
  MISSING_TOOL_NAME,
  type ParsedStep,
  parseReAct,
  stripBalancedQuotes,
} from "./parser.js";
export { ReActOutputParser } from "./parser-runnable.js";
export {
  type CheckedPluginInfo,
  type CheckedProviderModule,
  type CheckedStoreModule,
  type CheckedToolModule,
  checkProviderModule,
  checkStoreModule,
  checkToolModule,
} from "./plugin-module-check.js";
export {
  type Availability,
  type CreateLlmOptions,
  type CreateStoreOptions,
  type CreateToolOptions,
  type EnvVariable,
  type LlmProviderModule,
  llmContractProblem,
  type PluginContext,
  type PluginEnv,
  type PluginInfo,
  type PluginNotice,
  PROMPT_ONLY,
  type SetupProgress,
  type StoreModule,
  storeContractProblem,
  type ToolModule,
  type ToolSet,
  toolContractProblem,
} from "./plugins.js";
export {
  type ModelPrice,
  modelPriceProblem,
  type PriceTable,
  priceFor,
  stillHolds,
  type TokenRates,
} from "./price.js";
export { PromptTemplate } from "./prompt-template.js";
export { connectionError } from "./provider-kit/connection-error.js";
export {
  connectionFailureCode,
  isHostLookupFailure,
  isPermanentConnectionFailure,
  isTlsFailure,
} from "./provider-kit/connection-failure.js";
export {
  describeURL,
  type Endpoint,
  firstSetting,
  parseBaseURL,
} from "./provider-kit/endpoint.js";
export { IdleTimer } from "./provider-kit/idle-timer.js";
export {
  afterRetries,
  askedWaitMs,
  LONGEST_RETRY_WAIT_MS,
  retryAfterMs,
  retryDelay,
  wait,
} from "./provider-kit/retry-delay.js";
export { SDK_LOGGER, type SdkLogger } from "./provider-kit/sdk-logger.js";
export {
  readServerText,
  readTokenCount,
  ServerDataError,
} from "./provider-kit/server-data.js";
export { LONGEST_SERVER_LINE, serverLine } from "./provider-kit/server-line.js";
export { Agent, type AgentOptions, REACT_STOP } from "./react-agent.js";
export { collect, generate, readLlm } from "./read-llm.js";
export {
  readTextFile,
  TEXT_FILE_LIMIT,
  type TextFileOptions,
  textFileProblem,
} from "./read-text-file.js";
export { type RunLimits, RunState } from "./run-state.js";
export { RunStats, type RunSummary, summariseRun } from "./run-stats.js";
export { runTool, type ToolOutcome } from "./run-tool.js";
export {
  type BatchOptions,
  Runnable,
  RunnableLambda,
  type RunnableLike,
  type RunOptions,
  toRunnable,
} from "./runnable.js";
export {
  checkSessionName,
  isSessionRecord,
  type LoadedSession,
  type SessionInfo,
  type SessionRecord,
  type SessionStore,
  type StoreCallOptions,
  type TurnRecord,
  turnsOf,
} from "./session-store.js";
export { StopSequenceCutter } from "./stop-sequences.js";
export { estimateTokens } from "./tokens.js";
export {
  defineTool,
  findTool,
  type JsonSchemaInput,
  normaliseToolName,
  type Tool,
  type ToolContext,
  type ToolRun,
} from "./tool.js";
export { ToolCallingAgent, type ToolCallingAgentOptions } from "./tool-calling-agent.js";
export { type PreparedInput, prepareToolInput } from "./tool-input.js";
export { isStandardSchema, toolParameters } from "./tool-schema.js";
export { withPrice } from "./with-price.js";
