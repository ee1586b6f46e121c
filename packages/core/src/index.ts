export {
  AgentBase,
  type AgentLimits,
  type AgentRunOptions,
  DEFAULT_MAX_STEPS,
  DEFAULT_MAX_TOKENS,
  DEFAULT_TOOL_TIMEOUT_MS,
} from "./agent/agent-base.js";
export { type AgentRun, type Emit, forwardRun, startRun } from "./agent/agent-run.js";
export type { BudgetLimits, SharedBudget } from "./agent/budget.js";
export { type CallLlmOptions, callLlm, type LlmCallResult } from "./agent/call-llm.js";
export type { JournaledStart, JournalHooks } from "./agent/loop-journal.js";
export {
  cutAtObservation,
  EMPTY_FINAL_ANSWER,
  MISSING_ACTION,
  MISSING_ACTION_INPUT,
  MISSING_TOOL_NAME,
  type ParsedStep,
  parseReAct,
  stripBalancedQuotes,
} from "./agent/parser.js";
export { ReActOutputParser } from "./agent/parser-runnable.js";
export { PromptTemplate } from "./agent/prompt-template.js";
export { Agent, type AgentOptions, REACT_STOP } from "./agent/react-agent.js";
export { type RunLimits, RunState } from "./agent/run-state.js";
export { RunStats, type RunSummary, summariseRun } from "./agent/run-stats.js";
export { runTool, type ToolOutcome } from "./agent/run-tool.js";
export { ToolCallingAgent, type ToolCallingAgentOptions } from "./agent/tool-calling-agent.js";
export {
  APPROVAL_POLICIES,
  type ApprovalDecision,
  type ApprovalPolicy,
  type ApprovalRequest,
  type Approve,
} from "./contracts/approval.js";
export {
  abortError,
  describeThrown,
  type ErrorCode,
  type ErrorInfo,
  errorInfo,
  isLangchainMiniError,
  LangchainMiniError,
  toLangchainMiniError,
} from "./contracts/errors.js";
export type {
  AgentEvent,
  AgentEventType,
  AgentResult,
  AgentStep,
  CompactionReason,
  LlmCallPurpose,
  RunStatus,
} from "./contracts/events.js";
export {
  type ChatMessage,
  DEFAULT_CONTEXT_WINDOW,
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
} from "./contracts/llm.js";
export {
  type CheckedPluginInfo,
  type CheckedProviderModule,
  type CheckedStoreModule,
  type CheckedToolModule,
  checkProviderModule,
  checkStoreModule,
  checkToolModule,
} from "./contracts/plugin-module-check.js";
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
  type ReadToolSet,
  readToolSet,
  type SetupProgress,
  type StoreModule,
  storeContractProblem,
  type ToolModule,
  type ToolSet,
  toolContractProblem,
} from "./contracts/plugins.js";
export {
  type ModelPrice,
  modelPriceProblem,
  type PriceTable,
  priceFor,
  stillHolds,
  type TokenRates,
} from "./contracts/price.js";
export {
  type AppendOptions,
  checkRunId,
  isRunId,
  isRunLease,
  isRunRecord,
  type LoadedRun,
  type RunJournal,
  type RunLease,
  type RunListing,
  type RunRecord,
  type RunRecordType,
  type RunSettings,
  sameLease,
} from "./contracts/run-journal.js";
export {
  checkSessionName,
  isSessionName,
  isSessionRecord,
  type LoadedSession,
  type SessionInfo,
  type SessionRecord,
  type SessionStore,
  type StoreCallOptions,
  type TurnRecord,
  turnsOf,
} from "./contracts/session-store.js";
export {
  defineTool,
  findTool,
  type JsonSchemaInput,
  normaliseToolName,
  type Tool,
  type ToolContext,
  type ToolRun,
} from "./contracts/tool.js";
export { costOf } from "./cost/cost.js";
export { type CostSum, costTotal, NO_COST } from "./cost/cost-sum.js";
export { estimateTokens } from "./cost/tokens.js";
export {
  addTallies,
  NO_TALLY,
  type TalliedCall,
  tallyCall,
  tallyFields,
  type UsageTally,
} from "./cost/usage-tally.js";
export { withPrice } from "./cost/with-price.js";
export { dataHome } from "./files/data-home.js";
export { LlmRunnable } from "./runnable/llm-runnable.js";
export {
  type BatchOptions,
  Runnable,
  RunnableLambda,
  type RunnableLike,
  type RunOptions,
  toRunnable,
} from "./runnable/runnable.js";
export { Channel } from "./stream/channel.js";
export { collect, generate, readLlm } from "./stream/read-llm.js";
export { checkJsonSchema, type InputIssue } from "./tool-input/json-schema-check.js";
export { type PreparedInput, prepareToolInput } from "./tool-input/tool-input.js";
export { isStandardSchema, toolParameters } from "./tool-input/tool-schema.js";
