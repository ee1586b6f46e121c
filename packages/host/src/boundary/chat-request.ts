import { isSessionName } from "@langchain-mini/core";
import { parseToolCallId } from "./tool-call-id.js";

/** A person's decision on the call a paused run waits on, as a page sends it back. */
export interface ChatDecision {
  readonly runId: string;
  readonly step: number;
  readonly approved: boolean;
  /** The reason the person gave, if any: what the model is told of a denial. */
  readonly note?: string;
  /** The assistant message holding the approval: the continued stream's `messageId`. */
  readonly messageId?: string;
}

/** What a chat request asks for: a question, or a decision on a paused run. */
export type ChatRequest =
  | { readonly chat: string; readonly question: string }
  | { readonly chat: string; readonly decision: ChatDecision };

/** Why a body is not a chat request: one line that says what to send instead. */
export interface ChatRequestError {
  readonly error: string;
}

const fail = (error: string): ChatRequestError => ({ error });

/**
 * Reads the JSON body the AI SDK's `DefaultChatTransport` posts (`{id, messages, trigger,
 * messageId}`): the chat's id is the session the turn goes to, and the last message says
 * what to do. A user message is a question (its text parts); an assistant message whose
 * tool part was answered (state `approval-responded`) carries a decision on the run and
 * step its approval id names. The body is anyone's: only own data properties are read
 * (a `__proto__` key is just a key), every type is checked, and only the last message is
 * looked at, so a long history costs nothing. A chat id that is not a session name is
 * refused rather than changed: the page must be able to use the same id to read the
 * session and to reconnect to its stream.
 */
export function parseChatRequest(body: unknown): ChatRequest | ChatRequestError {
  if (!isRecord(body)) {
    return fail("The body must be a JSON object with the chat's 'id' and 'messages'");
  }
  const chat = own(body, "id");
  if (typeof chat !== "string") return fail("The body has no chat id: 'id' must be a string");
  if (!isSessionName(chat)) {
    return fail(
      `The chat id '${quoted(chat)}' is not a session name: use up to 64 letters, digits, '.', '_' and '-', starting with a letter or digit`,
    );
  }
  const messages = own(body, "messages");
  if (!Array.isArray(messages) || messages.length === 0) {
    return fail("The body has no messages: 'messages' must be a non-empty array");
  }
  const last = own(messages, String(messages.length - 1));
  const parts = own(last, "parts");
  if (!Array.isArray(parts)) return fail("The last message must be an object with a 'parts' array");
  const role = own(last, "role");
  if (role === "user") return questionOf(chat, parts);
  if (role === "assistant") return decisionOf(chat, parts, own(last, "id"));
  return fail(
    "The last message must be the user's question (role 'user') or the assistant's message with an answered approval (role 'assistant')",
  );
}

function questionOf(chat: string, parts: readonly unknown[]): ChatRequest | ChatRequestError {
  const texts: string[] = [];
  for (const part of parts) {
    if (own(part, "type") !== "text") continue;
    const text = own(part, "text");
    if (typeof text !== "string")
      return fail("A text part of the last message has no 'text' string");
    texts.push(text);
  }
  const question = texts.join("\n").trim();
  if (!question) return fail("The last message has no text: send the question as a text part");
  return { chat, question };
}

function decisionOf(
  chat: string,
  parts: readonly unknown[],
  messageId: unknown,
): ChatRequest | ChatRequestError {
  const answered = parts.filter(
    (part) => isToolPart(part) && own(part, "state") === "approval-responded",
  );
  if (answered.length === 0) {
    return fail(
      "The last message is the assistant's and answers no approval: send a user message, or answer the approval the run waits on",
    );
  }
  if (answered.length > 1) {
    return fail(
      `The last message answers ${answered.length} approvals, but a run waits on one call at a time: answer only that one`,
    );
  }
  const approval = own(answered[0], "approval");
  const id = own(approval, "id");
  const approved = own(approval, "approved");
  const reason = own(approval, "reason");
  const place = typeof id === "string" ? parseToolCallId(id) : undefined;
  if (!place) {
    return fail(
      `The approval id '${quoted(String(id))}' is not one this server gave: it is '<run id>:<step>'`,
    );
  }
  if (typeof approved !== "boolean")
    return fail("The answered approval must say 'approved': true or false");
  if (reason !== undefined && typeof reason !== "string") {
    return fail("The approval's 'reason' must be a string");
  }
  const note = reason?.trim();
  return {
    chat,
    decision: {
      runId: place.runId,
      step: place.step,
      approved,
      ...(note ? { note } : {}),
      ...(typeof messageId === "string" && messageId ? { messageId } : {}),
    },
  };
}

function isRecord(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A tool part, static (`tool-<name>`) or dynamic. */
function isToolPart(part: unknown) {
  const type = own(part, "type");
  return typeof type === "string" && (type === "dynamic-tool" || type.startsWith("tool-"));
}

/** An own data property: never one inherited (`__proto__`), never a getter run. */
function own(value: unknown, key: string): unknown {
  if (typeof value !== "object" || value === null) return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(value, key);
  return descriptor && "value" in descriptor ? descriptor.value : undefined;
}

/** Text from the body as a message shows it: escaped, on one line, and cut short. */
function quoted(text: string) {
  const shown = JSON.stringify(text).slice(1, -1);
  return shown.length > 70 ? `${shown.slice(0, 69)}…` : shown;
}
