import type { Session } from "@langchain-mini/host";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { secureHeaders } from "hono/secure-headers";
import type { Coordination } from "./coordination.js";
import { feedResponse } from "./feed-response.js";
import { errorResponse, HttpError } from "./http-error.js";
import { checkChat, type RunService } from "./run-service.js";
import { tokenCheck } from "./token-check.js";

export interface HttpSettings {
  /** LANGCHAIN_MINI_SERVE_TOKEN: every /api request must carry it, when set. */
  readonly token?: string;
  /** Request bodies (and so questions and notes) larger than this many bytes get 413. */
  readonly maxBody: number;
  /** `--cors <origin>`: browsers on that origin may call the API; none by default. */
  readonly cors?: string;
  readonly version: string;
  readonly redact: (text: string) => string;
}

/** The routes other modules add (the AI SDK's chat endpoints, the page). */
export type Routes = (app: Hono, context: RouteContext) => void;

export interface RouteContext {
  readonly session: Session;
  readonly coordination: Coordination;
  readonly runs: RunService;
  readonly settings: HttpSettings;
}

const NDJSON = { "content-type": "application/x-ndjson; charset=utf-8" };

/**
 * The HTTP API: our own wire (the `--json` lines) for runs, sessions and health, with the
 * checks every request passes first: a size limit on bodies, the bearer token when one is
 * set, CORS only for the origin named, and errors as one JSON line with a stable code.
 */
export function createHttpApp(context: RouteContext, more: readonly Routes[]): Hono {
  const { session, coordination, runs, settings } = context;
  const app = new Hono();
  app.onError((error) => errorResponse(error, settings.redact));
  app.notFound(() => errorResponse(new HttpError(404, "not_found", "No such endpoint"), String));
  app.use(
    "*",
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
      },
    }),
  );
  if (settings.cors) {
    app.use(
      "/api/*",
      cors({ origin: settings.cors, exposeHeaders: ["x-run-id", "x-session-id"], maxAge: 600 }),
    );
  }
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: settings.maxBody,
      onError: () =>
        errorResponse(
          new HttpError(
            413,
            "too_large",
            `The request body is over ${settings.maxBody} bytes: send less, or start serve with a larger --max-body`,
          ),
          String,
        ),
    }),
  );
  if (settings.token) app.use("/api/*", tokenCheck(settings.token));

  app.get("/api/health", (c) =>
    c.json({
      ok: true,
      model: session.model,
      tools: session.tools.map((tool) => tool.name),
      version: settings.version,
    }),
  );

  app.post("/api/runs", async (c) => {
    const body = await jsonBody(c);
    const question = textField(body, "question", true);
    const chat = textField(body, "session", false);
    const started = await runs.ask(question, chat);
    return ndjson(started.runId, started.from, { "x-session-id": started.chat });
  });

  app.get("/api/runs/:runId/events", async (c) => {
    const runId = c.req.param("runId");
    const after = c.req.query("after");
    const from = after === undefined ? 0 : wholeNumber(after, "after");
    if ((await coordination.feed.length(runId)) === 0) await runs.found(runId);
    return ndjson(runId, from);
  });

  app.get("/api/runs/:runId", async (c) => {
    const summary = await runs.found(c.req.param("runId"));
    return c.json({
      runId: summary.runId,
      status: summary.status,
      question: summary.question,
      ...(summary.settings.session ? { session: summary.settings.session } : {}),
      ...(summary.answer === undefined ? {} : { answer: summary.answer }),
      ...(summary.waitingOn ? { waitingOn: summary.waitingOn } : {}),
      startedAt: summary.startedAt,
    });
  });

  app.post("/api/runs/:runId/cancel", async (c) => {
    await runs.cancel(c.req.param("runId"));
    return c.json({ cancelled: true });
  });

  for (const approved of [true, false]) {
    app.post(`/api/runs/:runId/${approved ? "approve" : "deny"}`, async (c) => {
      const body = await jsonBody(c, true);
      const note = textField(body, "note", false);
      const started = await runs.decide(c.req.param("runId"), {
        approved,
        ...(note === undefined ? {} : { note }),
      });
      return ndjson(started.runId, started.from);
    });
  }

  app.get("/api/sessions/:id", async (c) => {
    const id = checkChat(c.req.param("id"));
    const [{ turns }, running] = await Promise.all([
      session.readConversation(id),
      runs.running(id),
    ]);
    return c.json({ id, turns, ...(running ? { running: running.runId } : {}) });
  });

  for (const routes of more) routes(app, context);
  return app;

  function ndjson(runId: string, from: number, headers: Record<string, string> = {}) {
    return feedResponse({
      feed: coordination.feed,
      runId,
      from,
      format: ({ line }) => `${line}\n`,
      headers: { ...NDJSON, "x-run-id": runId, ...headers },
    });
  }
}

/** The request's JSON object; `optional`: an empty body is `{}`. */
export async function jsonBody(c: Context, optional = false): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (optional && text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, "bad_request", "The request body is not JSON: send a JSON object");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError(400, "bad_request", "The request body must be a JSON object");
  }
  return body as Record<string, unknown>;
}

function textField(body: Record<string, unknown>, name: string, required: true): string;
function textField(
  body: Record<string, unknown>,
  name: string,
  required: false,
): string | undefined;
function textField(body: Record<string, unknown>, name: string, required: boolean) {
  const value = Object.hasOwn(body, name) ? body[name] : undefined;
  if (value === undefined && !required) return undefined;
  if (typeof value !== "string" || (required && value.trim() === "")) {
    throw new HttpError(400, "bad_request", `"${name}" must be a non-empty string`);
  }
  return value;
}

function wholeNumber(text: string, name: string): number {
  if (!/^\d{1,9}$/.test(text)) {
    throw new HttpError(400, "bad_request", `"${name}" must be a whole number`);
  }
  return Number(text);
}
