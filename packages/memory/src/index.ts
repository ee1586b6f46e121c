// The store contract lives in core (stores depend on core, not on this package); it is
// re-exported here because conversations are where most users meet it. So is the data
// home, which core owns now, for programs that imported it from here.
export {
  checkSessionName,
  dataHome,
  type LoadedSession,
  type SessionInfo,
  type SessionRecord,
  type SessionStore,
  type StoreCallOptions,
  type TurnRecord,
  turnsOf,
} from "@langchain-mini/core";
export { Conversation, type ConversationOptions, type TurnOptions } from "./conversation.js";
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
