import { createHash } from "node:crypto";

/** OpenAI's rule for function names, which the other providers' rules include. */
export const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_LENGTH = 64;

/**
 * Names every tool `<server>__<tool>`, within the function-name rule: other characters
 * become `_`, and a name too long, or one that would clash with another (agents match
 * names without regard to case), is cut and ends in a short hash of the original.
 */
export class ToolNamer {
  readonly #taken = new Set<string>();

  name(server: string, tool: string): string {
    const full = `${clean(server)}__${clean(tool)}`;
    let name = full.length <= MAX_LENGTH ? full : withHash(full, `${server}\u0000${tool}`);
    for (let attempt = 1; this.#taken.has(name.toLowerCase()); attempt++) {
      name = withHash(full, `${server}\u0000${tool}\u0000${attempt}`);
    }
    this.#taken.add(name.toLowerCase());
    return name;
  }
}

/** A server's key as a name prefix: `my files` becomes `my_files`. */
function clean(text: string) {
  return text.replace(/[^a-zA-Z0-9_-]/g, "_") || "_";
}

function withHash(name: string, original: string) {
  const hash = createHash("sha256").update(original).digest("hex").slice(0, 8);
  return `${name.slice(0, MAX_LENGTH - hash.length - 1)}_${hash}`;
}
