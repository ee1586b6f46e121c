import { createHmac } from "node:crypto";
import { type SandboxMessage, SIGNATURE } from "./protocol.js";

/** The part of Deno's runtime this file uses. */
declare const Deno: { readonly stdout: { writeSync(bytes: Uint8Array): number } };

/**
 * Writes replies to stdout, each signed with `key`. Model-written code can write to stdout
 * too, but it never sees the key (the host sent it on stdin before any such code ran, and
 * it stays in this thread), so it cannot write a reply the host would take.
 */
export function replyWriter(key: string) {
  const encoder = new TextEncoder();
  return (message: SandboxMessage) => {
    const json = JSON.stringify(message);
    const signature = createHmac(SIGNATURE.algorithm, key).update(json).digest("hex");
    // The newline in front ends whatever that code left unfinished on the line.
    const bytes = encoder.encode(`\n${signature} ${json}\n`);
    let offset = 0;
    while (offset < bytes.length) offset += Deno.stdout.writeSync(bytes.subarray(offset));
  };
}
