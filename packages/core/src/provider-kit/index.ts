// Helpers for a plug-in that talks to a server: settings, endpoints, retries, timeouts,
// what a server sends. `@langchain-mini/core/provider-kit`.
export {
  awayFromHost,
  type Connection,
  type ConnectionSetup,
  checkApiKey,
  checkAvailable,
  describeURL,
  type Endpoint,
  firstSetting,
  keyOrOtherServer,
  parseBaseURL,
  resolveConnection,
} from "./connection.js";
export { connectionError } from "./connection-error.js";
export {
  connectionFailureCode,
  isHostLookupFailure,
  isPermanentConnectionFailure,
  isTlsFailure,
} from "./connection-failure.js";
export { type ContextWindowTable, contextWindowFor } from "./context-windows.js";
export { type FailureLines, failureLines, type ProviderWords } from "./failure-lines.js";
export { IdleTimer } from "./idle-timer.js";
export {
  checkMilliseconds,
  LONGEST_FETCH_WAIT_MS,
  LONGEST_TIMER_MS,
  readMilliseconds,
} from "./milliseconds.js";
export {
  modelAndTimeoutVariables,
  type ProviderOptions,
  type ProviderSettings,
  type ProviderSetup,
  providerSettings,
  type RequestLimitOptions,
  type RequestLimits,
  requestLimits,
} from "./provider-settings.js";
export {
  afterRetries,
  askedWaitMs,
  LONGEST_RETRY_WAIT_MS,
  retryAfterMs,
  retryableStatus,
  retryDelay,
  wait,
} from "./retry-delay.js";
export {
  SDK_LOGGER,
  type SdkLogger,
  type SdkLogLevel,
  sdkLogLevel,
  sdkLogVariable,
} from "./sdk-logger.js";
export {
  type SdkErrorClasses,
  type SdkRetryOptions,
  type SdkRetryPolicy,
  sdkRetryPolicy,
} from "./sdk-retry.js";
export {
  readServerText,
  readTokenCount,
  ServerDataError,
} from "./server-data.js";
export { LONGEST_SERVER_LINE, serverLine } from "./server-line.js";
export { StopSequenceCutter } from "./stop-sequences.js";
