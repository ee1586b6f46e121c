import { visibleText } from "@langchain-mini/host";

/**
 * A tool call's input as a person reads it before approving it: JSON arguments (a typed
 * tool's) indented, anything else as the model wrote it. Every character is there, those
 * a terminal would act on or hide written as visible escapes (`\u202e`): what is approved
 * is exactly what runs.
 */
export function formatToolInput(input: string): string {
  const trimmed = input.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return visibleText(JSON.stringify(JSON.parse(trimmed), null, 2));
    } catch {
      // Not JSON after all: shown as written.
    }
  }
  return visibleText(input);
}
