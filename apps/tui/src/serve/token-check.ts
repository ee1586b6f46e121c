import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { errorResponse, HttpError } from "./http-error.js";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Every request must carry `Authorization: Bearer <token>`: anything else (no header, a
 * malformed one, another token) is the same 401, compared in constant time, and the body
 * never repeats what was sent.
 */
export function tokenCheck(token: string): MiddlewareHandler {
  const expected = digest(token);
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
    if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
      const refused = errorResponse(
        new HttpError(
          401,
          "unauthorized",
          "This server needs its token: send Authorization: Bearer <LANGCHAIN_MINI_SERVE_TOKEN>",
        ),
        String,
      );
      refused.headers.set("www-authenticate", 'Bearer realm="langchain-mini"');
      return refused;
    }
    await next();
  };
}
