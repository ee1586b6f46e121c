// The store contract lives in core (stores depend on core, not on this package); it is
// re-exported here because conversations are where most users meet it.
export {
  checkSessionName,
  type LoadedSession,
  type SessionInfo,
  type SessionRecord,
  type SessionStore,
  type StoreCallOptions,
  type TurnRecord,
  turnsOf,
} from "@langchain-mini/core";
export { Conversation, type ConversationOptions } from "./conversation.js";
export { dataHome } from "./data-home.js";
export { FileSessionStore } from "./file-session-store.js";
export {
  bufferHistory,
  DEFAULT_HISTORY,
  type HistoryStrategy,
  parseHistoryStrategy,
  summaryHistory,
  tokenBudgetHistory,
  type UpkeepContext,
  windowHistory,
} from "./history-strategy.js";
export { InMemorySessionStore } from "./in-memory-session-store.js";
