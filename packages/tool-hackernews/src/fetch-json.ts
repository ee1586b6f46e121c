import { LangchainMiniError } from "@langchain-mini/core";

/**
 * GET a JSON document from the Algolia Hacker News API. Every failure is an error whose
 * message tells the model what happened and that it can answer without this tool.
 */
export async function fetchJson(
  url: string,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
    });
  } catch (error) {
    throw failure(error, signal, timeoutMs, new URL(url).host);
  }
  if (!response.ok) {
    // Drain the body so the connection can be reused.
    await response.body?.cancel().catch(() => {});
    throw new LangchainMiniError(
      "tool_failed",
      response.status === 429
        ? "Hacker News search is limiting how fast we may ask (429): wait a minute or answer without it"
        : `Hacker News search answered ${response.status}: try again later or answer without it`,
    );
  }
  try {
    return await response.json();
  } catch (error) {
    if (signal.aborted || (error as Error).name === "TimeoutError") {
      throw failure(error, signal, timeoutMs, new URL(url).host);
    }
    throw new LangchainMiniError(
      "tool_failed",
      "Hacker News search sent a reply that is not JSON: answer without it",
    );
  }
}

function failure(error: unknown, signal: AbortSignal, timeoutMs: number, host: string) {
  if (signal.aborted) return new LangchainMiniError("aborted", "the search was cancelled");
  if ((error as Error | undefined)?.name === "TimeoutError") {
    return new LangchainMiniError(
      "tool_failed",
      `no answer from Hacker News search within ${timeoutMs / 1000} s: answer without it`,
    );
  }
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return new LangchainMiniError(
    "tool_failed",
    `cannot reach Hacker News search at ${host}${typeof code === "string" ? ` (${code})` : ""}: answer without it`,
  );
}
