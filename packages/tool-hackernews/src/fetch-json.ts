import { abortError, LangchainMiniError } from "@langchain-mini/core";

/**
 * GET a JSON document from the Algolia Hacker News API. Every failure is an error whose
 * message tells the model what happened and that it can answer without this tool.
 */
/** Algolia's replies are a few kilobytes; a server sending more is not one to trust. */
const MAX_REPLY_BYTES = 2_000_000;

export async function fetchJson(
  url: string,
  signal: AbortSignal,
  timeoutMs: number,
  maxBytes = MAX_REPLY_BYTES,
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
    return JSON.parse(await readBounded(response, maxBytes));
  } catch (error) {
    if (error instanceof LangchainMiniError) throw error;
    if (signal.aborted || (error as Error).name === "TimeoutError") {
      throw failure(error, signal, timeoutMs, new URL(url).host);
    }
    throw new LangchainMiniError(
      "tool_failed",
      "Hacker News search sent a reply that is not JSON: answer without it",
    );
  }
}

/** The body as text, refusing one that grows past `maxBytes` (it is not read further). */
async function readBounded(response: Response, maxBytes: number) {
  const declared = Number(response.headers.get("content-length"));
  if (declared > maxBytes) throw tooLarge(response, maxBytes);
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  for await (const chunk of response.body ?? []) {
    bytes += chunk.byteLength;
    if (bytes > maxBytes) throw tooLarge(response, maxBytes);
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

function tooLarge(response: Response, maxBytes: number) {
  // Stop the download: the rest is never read.
  response.body?.cancel().catch(() => {});
  return new LangchainMiniError(
    "tool_failed",
    `Hacker News search sent a reply larger than ${maxBytes / 1_000_000} MB: answer without it`,
  );
}

function failure(error: unknown, signal: AbortSignal, timeoutMs: number, host: string) {
  if (signal.aborted) return abortError("the search was cancelled");
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
