import { blankSecrets, oneLine } from "./text.js";

/**
 * The one warning for a server that did not start: why, and what it said last (its
 * stderr's lines, blanked already), its secrets blanked.
 */
export function startWarning(
  server: { readonly name: string; readonly secrets: readonly string[] },
  error: unknown,
  stderr: readonly string[],
) {
  const said = stderr.length > 0 ? `; it said: ${stderr.join(" | ")}` : "";
  const reason = reasonOf(error, server.secrets);
  return oneLine(
    `MCP server "${server.name}" did not start: ${reason}${said}. Its tools are left out`,
    2_000,
  );
}

/**
 * An error's message as one line without its closing full stop, `secrets` blanked
 * before it is cut (half a secret is still one).
 */
export function reasonOf(error: unknown, secrets: readonly string[] = []) {
  const message = blankSecrets(error instanceof Error ? error.message : String(error), secrets);
  return oneLine(firstProblem(message)).replace(/\.$/, "") || "unknown error";
}

/**
 * The SDK's `Invalid result for tools/list: [{…}, …]` (every problem its schema found,
 * as indented JSON) as the first problem alone: `Invalid result for tools/list:
 * tools[0].inputSchema.type: Invalid input: expected "object" (the first of 4 problems)`.
 */
function firstProblem(message: string) {
  const match = /^([^[\n]*?): (\[[\s\S]*\])\s*$/.exec(message);
  if (!match) return message;
  let issues: unknown;
  try {
    issues = JSON.parse(match[2] ?? "");
  } catch {
    return message;
  }
  if (!Array.isArray(issues) || issues.length === 0) return message;
  const first = issues[0] as { path?: unknown; message?: unknown };
  const path = Array.isArray(first.path) ? pathText(first.path) : "";
  const what = typeof first.message === "string" ? first.message : "not what MCP allows";
  const more = issues.length > 1 ? ` (the first of ${issues.length} problems)` : "";
  return `${match[1]}: ${path ? `${path}: ` : ""}${what}${more}`;
}

function pathText(path: readonly unknown[]) {
  return path
    .map((key, index) =>
      typeof key === "number" ? `[${key}]` : `${index === 0 ? "" : "."}${String(key)}`,
    )
    .join("");
}
