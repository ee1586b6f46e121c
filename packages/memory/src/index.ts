export { Conversation, type ConversationOptions } from "./conversation.js";
export { dataHome } from "./data-home.js";
export { FileSessionStore } from "./file-session-store.js";
export {
  bufferHistory,
  type HistoryStrategy,
  parseHistoryStrategy,
  summaryHistory,
  tokenBudgetHistory,
  type UpkeepContext,
  windowHistory,
} from "./history-strategy.js";
export {
  checkSessionName,
  type SessionRecord,
  type TurnRecord,
  turnsOf,
} from "./session-record.js";
export {
  InMemorySessionStore,
  type LoadedSession,
  type SessionInfo,
  type SessionStore,
} from "./session-store.js";
