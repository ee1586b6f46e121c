import { isLangchainMiniError } from "@langchain-mini/core";
import { usageError } from "../config/usage-error.js";
import { messageOf } from "./locate-module.js";

/**
 * Calls a plug-in's factory (`what`, e.g. "createTools of 'mcp'"). What it throws of its
 * own already says what to do (a missing key, an unknown model) and passes as it is;
 * anything else becomes one usage line, through `shown` (a password taken out).
 */
export async function callFactory(
  what: string,
  make: () => unknown,
  shown: (message: string) => string = (message) => message,
): Promise<unknown> {
  try {
    return await make();
  } catch (error) {
    if (isLangchainMiniError(error)) throw error;
    throw usageError(`${what} failed: ${shown(messageOf(error))}`);
  }
}
