/**
 * A tool call's input as a person reads it before approving it: JSON arguments (a typed
 * tool's) indented, anything else as the model wrote it.
 */
export function formatToolInput(input: string): string {
  const trimmed = input.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return JSON.stringify(JSON.parse(trimmed), null, 2);
    } catch {
      // Not JSON after all: shown as written.
    }
  }
  return input;
}
