import { createHmac, timingSafeEqual } from "node:crypto";
import { type SandboxMessage, SIGNATURE } from "./sandbox/protocol.js";

const TYPES = new Set(["ready", "result", "stuck", "background", "failed"]);
/** Where a reply starts: its signature, a space, and the start of its JSON. */
const REPLY_START = new RegExp(`[0-9a-f]{${SIGNATURE.hexLength}} \\{`);

/** What a chunk of the sandbox's stdout held. */
export type ReadReplies =
  | { readonly kind: "messages"; readonly messages: readonly SandboxMessage[] }
  /** A line longer than any reply. */
  | { readonly kind: "overflow" }
  /** Something shaped like a reply that the sandbox did not sign. */
  | { readonly kind: "forged" };

/**
 * Splits the sandbox's stdout into replies. Model-written code can write there too (Deno
 * lets any code write its own stdout), but not sign what it writes: lines are bounded,
 * text that is not a reply is skipped, and a would-be reply that does not verify means
 * that code is writing to the protocol, which ends the sandbox.
 */
export class ReplyReader {
  readonly #key: string;
  readonly #maxLine: number;
  #pending = "";

  constructor(key: string, outputChars: number) {
    this.#key = key;
    // A reply holds the output and the value, each at most outputChars, JSON-escaped
    // (up to six characters for one), plus a little framing.
    this.#maxLine = outputChars * 12 + 65_536;
  }

  push(text: string): ReadReplies {
    this.#pending += text;
    const messages: SandboxMessage[] = [];
    let newline = this.#pending.indexOf("\n");
    while (newline >= 0) {
      const line = this.#pending.slice(0, newline);
      this.#pending = this.#pending.slice(newline + 1);
      newline = this.#pending.indexOf("\n");
      // The sandbox starts each reply on a line of its own; text glued in front of one
      // (written by other code in the same moment) is skipped.
      const start = line.search(REPLY_START);
      if (start < 0) continue;
      const message = this.#verify(line.slice(start));
      if (!message) return { kind: "forged" };
      messages.push(message);
    }
    if (this.#pending.length > this.#maxLine) {
      this.#pending = "";
      return { kind: "overflow" };
    }
    return { kind: "messages", messages };
  }

  #verify(reply: string): SandboxMessage | undefined {
    const signature = Buffer.from(reply.slice(0, SIGNATURE.hexLength), "hex");
    const json = reply.slice(SIGNATURE.hexLength + 1);
    const expected = createHmac(SIGNATURE.algorithm, this.#key).update(json).digest();
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
      return undefined;
    }
    const value: unknown = JSON.parse(json);
    const type = (value as { type?: unknown } | null)?.type;
    return typeof type === "string" && TYPES.has(type) ? (value as SandboxMessage) : undefined;
  }
}
