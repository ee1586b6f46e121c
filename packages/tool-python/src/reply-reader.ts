import type { SandboxMessage } from "./sandbox/protocol.js";

const TYPES = new Set(["ready", "result", "stuck", "failed"]);

/**
 * Splits the sandbox's stdout into messages. Model-written code can write there too
 * (Deno lets any code write its own stdout), so lines are bounded, anything that is not
 * one of our messages is skipped, and a message glued to stray text is still found.
 */
export class ReplyReader {
  readonly #maxLine: number;
  #pending = "";

  constructor(outputChars: number) {
    // A reply holds the output and the value, each at most outputChars, JSON-escaped
    // (up to six characters for one), plus a little framing.
    this.#maxLine = outputChars * 12 + 65_536;
  }

  /** The complete messages in `text` and what came before it, or "overflow". */
  push(text: string): SandboxMessage[] | "overflow" {
    this.#pending += text;
    const messages: SandboxMessage[] = [];
    let newline = this.#pending.indexOf("\n");
    while (newline >= 0) {
      const message = parse(this.#pending.slice(0, newline));
      if (message) messages.push(message);
      this.#pending = this.#pending.slice(newline + 1);
      newline = this.#pending.indexOf("\n");
    }
    if (this.#pending.length > this.#maxLine) {
      this.#pending = "";
      return "overflow";
    }
    return messages;
  }
}

function parse(line: string): SandboxMessage | undefined {
  const start = line.lastIndexOf('{"type":"');
  if (start < 0) return undefined;
  try {
    const value: unknown = JSON.parse(line.slice(start));
    if (typeof value !== "object" || value === null) return undefined;
    const message = value as { type?: unknown; id?: unknown; output?: unknown };
    if (typeof message.type !== "string" || !TYPES.has(message.type)) return undefined;
    if ((message.type === "result" || message.type === "stuck") && !isCall(message)) {
      return undefined;
    }
    return value as SandboxMessage;
  } catch {
    return undefined;
  }
}

function isCall(message: { id?: unknown; output?: unknown }) {
  return typeof message.id === "number" && typeof message.output === "string";
}
