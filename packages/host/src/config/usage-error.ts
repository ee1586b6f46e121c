import { LangchainMiniError } from "@langchain-mini/core";

/** A mistake in flags, files or configuration: exit status 2. */
export function usageError(message: string) {
  return new LangchainMiniError("config_invalid", message);
}
