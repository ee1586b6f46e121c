// The chat page of `langchain-mini serve`: asks questions, follows each run live, answers
// paused calls, and keeps the chat's id in the address (#<id>) and the bearer token in
// sessionStorage. It talks only to the server's own /api.

import { element } from "./dom.js";
import { oneLine } from "./text.js";
import { storage, TokenGate } from "./token-gate.js";
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
/** The run the page follows now: its turn, id and the controller that stops following. */
let current;
let chat;

function showPageError(error) {
  ui.pageError.textContent = error ? oneLine(error.message ?? String(error)) : "";
  ui.pageError.hidden = !error;
}

function setRunning(run) {
  current = run;
  ui.askButton.disabled = run !== undefined;
  ui.cancel.disabled = run?.runId === undefined;
}

/** Follows a run's event stream in its turn until run-end, then shows how it ended. */
async function follow(turn, open, controller = new AbortController()) {
  setRunning({ turn, controller });
  let result;
  let error;
  try {
    const stream = await authorized(() => open(controller.signal));
    turn.runId = stream.runId ?? turn.runId;
    setRunning({ turn, controller, runId: turn.runId });
    for await (const event of stream.events) {
      if (event.type === "run-start") {
        turn.runId = event.runId;
        if (event.question) turn.showQuestion(event.question);
        setRunning({ turn, controller, runId: turn.runId });
      } else if (event.type === "final-answer") turn.showAnswer(event.answer);
      else if (event.type === "error" && event.error?.code !== "run_paused") error = event.error;
      else if (event.type === "run-end") result = event.result;
      turn.trace().apply(event);
    }
  } catch (failure) {
    if (controller.signal.aborted) return;
    error = failure;
  } finally {
    turn.view?.flush();
    if (current?.controller === controller) setRunning(undefined);
  }
  if (result === undefined) {
    turn.showStatus(
      error?.message ?? "The run's stream ended early: reload the page to see the run",
      "error",
    );
    return;
  }
  await finish(turn, result, error);
}

async function finish(turn, result, error) {
  if (result.status === "answered" && typeof result.answer === "string") {
    turn.showAnswer(result.answer);
  } else if (result.status === "paused") {
    const call = turn.view?.lastAction ?? (await waitingOn(turn.runId));
    if (call) turn.showApproval(call, (approved, note) => decide(turn, approved, note));
    else turn.showStatus(result.error?.message ?? "The run is paused", "error");
  } else if (result.status === "aborted") {
    turn.showStatus("The run was cancelled", "error");
  } else {
    const message = result.error?.message ?? error?.message ?? `The run ended ${result.status}`;
    turn.showStatus(message, "error");
  }
  turn.showCost(turn.view?.stepCount ?? 0, result);
}

/** The call a paused run waits on, from the server, when its stream did not show it. */
async function waitingOn(runId) {
  try {
    return (await authorized(() => api.run(runId))).waitingOn;
  } catch {
    return undefined;
  }
}

/** Approves or denies the call a paused run waits on; true once the server took it. */
async function decide(turn, approved, note) {
  const body = note === "" ? undefined : note;
  try {
    // The first answer (or refusal) comes before the stream: wait for it, then follow.
    const controller = new AbortController();
    const decision = approved ? api.approve : api.deny;
    const stream = await authorized(() => decision(turn.runId, body, controller.signal));
    turn.closeApproval();
    void follow(turn, async () => stream, controller);
    return true;
  } catch (failure) {
    turn.showStatus(failure.message, "error");
    // Decided elsewhere (another tab, the CLI): the card has nothing left to decide.
    return failure instanceof ApiError && failure.status === 409;
  }
}

async function ask(question) {
  const turn = new Turn(question);
  ui.conversation.append(turn.element);
  turn.element.scrollIntoView({ block: "end" });
  await follow(turn, (signal) => api.ask(question, chat, signal));
}

async function cancel() {
  const runId = current?.runId;
  if (runId === undefined) return;
  ui.cancel.disabled = true;
  try {
    await authorized(() => api.cancel(runId));
  } catch (failure) {
    current?.turn.showStatus(failure.message, "error");
    ui.cancel.disabled = false;
  }
}

/**
 * A new chat's id, a valid session name: random, from getRandomValues, which (unlike
 * randomUUID) a page served over plain http on another host than localhost also has.
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

async function openChat(id) {
  current?.controller.abort();
  setRunning(undefined);
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
    turn.runId = session.running;
    ui.conversation.append(turn.element);
    await follow(turn, (signal) => api.events(session.running, signal));
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
  if (question === "" || current !== undefined) return;
  ui.question.value = "";
  void ask(question);
});
ui.question.addEventListener("keydown", (key) => {
  if (key.key === "Enter" && !key.shiftKey && !key.isComposing) {
    key.preventDefault();
    ui.form.requestSubmit();
  }
});
ui.cancel.addEventListener("click", () => void cancel());
ui.newChat.addEventListener("click", () => {
  location.hash = newChatId();
});
window.addEventListener("hashchange", () => void openChat(chatFromAddress()));

void showModel();
void openChat(chatFromAddress());
