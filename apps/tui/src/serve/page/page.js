// The chat page of `langchain-mini serve`: asks questions, follows each run live, answers
// paused calls, and keeps the chat's id in the address (#<id>) and the bearer token in
// sessionStorage. It talks only to the server's own /api.

import { element } from "./dom.js";
import { RunFollower } from "./run-follower.js";
import { storage } from "./tab-storage.js";
import { oneLine } from "./text.js";
import { TokenGate } from "./token-gate.js";
import { Turn } from "./turn.js";
import { ApiError, createApi } from "./wire.js";

const CHAT_KEY = "langchain-mini.chat";

const byId = (id) => document.getElementById(id);
const ui = {
  model: byId("model"),
  conversation: byId("conversation"),
  form: byId("ask"),
  question: byId("question"),
  askButton: byId("ask-button"),
  cancel: byId("cancel"),
  newChat: byId("new-chat"),
  pageError: byId("page-error"),
};

const gate = new TokenGate(byId("token-form"), byId("token"), byId("token-note"));
const api = createApi(() => gate.token());
const authorized = (action) => gate.authorized(action);
// While a run is followed, Ask waits and Cancel stops it (once its id is known).
const runs = new RunFollower(api, authorized, (run) => {
  ui.askButton.disabled = run !== undefined;
  ui.cancel.disabled = run?.runId === undefined;
});
/** The chat (the server's session) the page shows. */
let chat;

function showPageError(error) {
  ui.pageError.textContent = error ? oneLine(error.message ?? String(error)) : "";
  ui.pageError.hidden = !error;
}

function ask(question) {
  const turn = new Turn(question);
  ui.conversation.append(turn.element);
  turn.element.scrollIntoView({ block: "end" });
  return runs.ask(turn, question, chat);
}

/**
 * A new chat's id, a valid session name: random, from getRandomValues, which (unlike
 * randomUUID) a page served over plain http to another host than localhost also has.
 */
function newChatId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `chat-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/** The chat named in the address, else this tab's last one, else a new one. */
function chatFromAddress() {
  let named = location.hash.slice(1);
  try {
    named = decodeURIComponent(named);
  } catch {
    // Not percent-encoded text: the server says what a chat id may be.
  }
  return named || storage.get(CHAT_KEY) || newChatId();
}

/** Shows a chat: its answered turns, then its run going or its paused run's card. */
async function openChat(id) {
  runs.stop();
  chat = id;
  storage.set(CHAT_KEY, id);
  if (location.hash.slice(1) !== encodeURIComponent(id)) {
    history.replaceState(null, "", `#${encodeURIComponent(id)}`);
  }
  ui.conversation.replaceChildren();
  showPageError(undefined);
  let session;
  try {
    session = await authorized(() => api.session(id));
  } catch (failure) {
    // A chat with no turns yet is no error.
    if (!(failure instanceof ApiError && failure.status === 404)) showPageError(failure);
    return;
  }
  if (chat !== id) return;
  for (const past of Array.isArray(session.turns) ? session.turns : []) {
    const turn = new Turn(past.question ?? "");
    if (typeof past.answer === "string") turn.showAnswer(past.answer);
    ui.conversation.append(turn.element);
  }
  if (typeof session.running === "string") {
    const turn = new Turn("");
    ui.conversation.append(turn.element);
    await runs.attach(turn, session.running, id);
  } else {
    await runs.restorePaused(id, ui.conversation);
  }
}

async function showModel() {
  try {
    const health = await authorized(() => api.health());
    const tools =
      Array.isArray(health.tools) && health.tools.length > 0
        ? ` · tools: ${health.tools.join(", ")}`
        : "";
    ui.model.replaceChildren(element("span", {}, `Model: ${health.model ?? "none"}${tools}`));
  } catch (failure) {
    showPageError(failure);
  }
}

ui.form.addEventListener("submit", (submitted) => {
  submitted.preventDefault();
  const question = ui.question.value.trim();
  if (question === "" || runs.running !== undefined) return;
  ui.question.value = "";
  void ask(question);
});
ui.question.addEventListener("keydown", (key) => {
  if (key.key === "Enter" && !key.shiftKey && !key.isComposing) {
    key.preventDefault();
    ui.form.requestSubmit();
  }
});
ui.cancel.addEventListener("click", () => {
  ui.cancel.disabled = true;
  void runs.cancel();
});
ui.newChat.addEventListener("click", () => {
  location.hash = newChatId();
});
window.addEventListener("hashchange", () => void openChat(chatFromAddress()));

void showModel();
void openChat(chatFromAddress());
