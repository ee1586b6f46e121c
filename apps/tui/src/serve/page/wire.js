// The page's side of the server's API: JSON requests with the bearer token, and runs'
// event streams read as JSON lines while they arrive.

import { oneLine } from "./text.js";

/** A refused request: the HTTP status and the server's stable error code and message. */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

/**
 * The events of a stream of JSON lines (`application/x-ndjson`), one object per line, as
 * the bytes arrive: a line split across chunks (or a character split across them) waits
 * for its end; a last line without a newline counts. A line that is not JSON ends the
 * reading with an error.
 */
export async function* readEvents(body) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  try {
    while (true) {
      const { done, value } = await reader.read();
      pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = pending.split("\n");
      pending = done ? "" : (lines.pop() ?? "");
      for (const line of lines) {
        if (line.trim() !== "") yield parseLine(line);
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}

function parseLine(line) {
  let event;
  try {
    event = JSON.parse(line);
  } catch {
    throw new Error("The server sent a line that is not JSON: reload the page to see the run");
  }
  if (event === null || typeof event !== "object" || typeof event.type !== "string") {
    throw new Error("The server sent a line that is not an event: reload the page to see the run");
  }
  return event;
}

/**
 * The API at `origin` (the page's own by default). `token` gives the bearer token to send
 * (or undefined); a refused request throws an ApiError, a server out of reach an Error
 * that says so.
 */
export function createApi(token, origin = "") {
  async function send(method, path, body, signal) {
    const headers = { accept: "application/json, application/x-ndjson" };
    if (body !== undefined) headers["content-type"] = "application/json";
    const bearer = token();
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    let response;
    try {
      response = await fetch(`${origin}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new Error("Cannot reach the server: is langchain-mini serve still running?");
    }
    if (!response.ok) throw await refusal(response);
    return response;
  }

  const json = async (method, path, body) => (await send(method, path, body)).json();
  const runPath = (runId, action) => `/api/runs/${encodeURIComponent(runId)}/${action}`;

  const stream = async (method, path, body, signal) =>
    runStream(await send(method, path, body, signal));

  return {
    health: () => json("GET", "/api/health"),
    session: (id) => json("GET", `/api/sessions/${encodeURIComponent(id)}`),
    /** A new run: its id (the x-run-id header) and its events, read as they come. */
    ask: (question, session, signal) => stream("POST", "/api/runs", { question, session }, signal),
    /** The paused run taken up again with the decision: the same kind of stream. */
    approve: (runId, note, signal) => stream("POST", runPath(runId, "approve"), { note }, signal),
    deny: (runId, note, signal) => stream("POST", runPath(runId, "deny"), { note }, signal),
    /** A run's events from its start (or after its first `after` lines), live until it ends. */
    events: (runId, signal, after = 0) =>
      stream(
        "GET",
        `${runPath(runId, "events")}${after > 0 ? `?after=${after}` : ""}`,
        undefined,
        signal,
      ),
    /** A run's summary: status, question and, when paused, the call it waits on. */
    run: (runId) => json("GET", `/api/runs/${encodeURIComponent(runId)}`),
    cancel: (runId) => json("POST", runPath(runId, "cancel")),
  };
}

function runStream(response) {
  if (response.body === null) throw new Error("The server's reply has no body: reload the page");
  return {
    runId: response.headers.get("x-run-id") ?? undefined,
    events: readEvents(response.body),
  };
}

async function refusal(response) {
  let error;
  try {
    error = (await response.json())?.error;
  } catch {
    // Not our server's JSON (a proxy's page): the status says enough.
  }
  const message =
    typeof error?.message === "string" && error.message.trim() !== ""
      ? oneLine(error.message)
      : `The server answered ${response.status} ${oneLine(response.statusText)}`.trim();
  return new ApiError(response.status, typeof error?.code === "string" ? error.code : "", message);
}
