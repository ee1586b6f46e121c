/**
 * What the UI runs questions on: the host's session (tests make one over a scripted
 * LLM). The UI reads its model, tools and notices and renders its runs.
 */
export type {
  OpenedConversation as OpenedSession,
  Session as ChatService,
  Turn,
} from "@langchain-mini/host";
