import { open, rename, rm, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { abortError, LangchainMiniError } from "@langchain-mini/core";
import { makeDirectory } from "@langchain-mini/core/files";
import { magicProblem, readMagic } from "./gguf-file.js";

export interface DownloadProgress {
  readonly url: string;
  /** Bytes on disk so far, resumed ones included. */
  readonly received: number;
  /** From the server's Content-Length or Content-Range; undefined when it sent neither. */
  readonly total: number | undefined;
  /** Bytes already on disk from an earlier, interrupted download. */
  readonly resumedFrom: number;
}

export interface DownloadOptions {
  readonly headers?: Readonly<Record<string, string>>;
  readonly onProgress?: (progress: DownloadProgress) => void;
  readonly signal?: AbortSignal;
  /** Reconnections after a cut connection or a server error, each resuming; default 3. */
  readonly retries?: number;
  /** Before the first reconnection; doubles each time. Default 500 ms. */
  readonly retryDelayMs?: number;
}

/**
 * Downloads `url` to `destination` through `<destination>.part`: an interrupted download
 * (a cut connection, Ctrl-C) resumes from where it stopped with an HTTP range request, and
 * the file appears under its name only once complete and checked to be GGUF.
 */
export async function downloadModelFile(
  url: string,
  destination: string,
  options: DownloadOptions = {},
): Promise<void> {
  const part = `${destination}.part`;
  try {
    makeDirectory(dirname(destination));
  } catch (error) {
    throw new LangchainMiniError(
      "config_invalid",
      `Cannot make the models directory ${dirname(destination)} (${(error as Error).message}): check that LANGCHAIN_MINI_HOME (or the default data directory) is a writable directory`,
      { cause: error },
    );
  }
  const retries = options.retries ?? 3;
  let delay = options.retryDelayMs ?? 500;
  for (let attempt = 0; ; attempt++) {
    try {
      await fetchInto(url, part, options);
      break;
    } catch (error) {
      if (options.signal?.aborted)
        throw abortError("The download was cancelled; run again to resume it");
      if (!(error instanceof RetryableError) || attempt >= retries) {
        throw error instanceof RetryableError ? error.final : error;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay *= 2;
    }
  }
  const problem = magicProblem(await readMagic(part));
  if (problem) {
    // Often a login or error page served with status 200: keeping it would only mislead.
    await rm(part, { force: true });
    throw new LangchainMiniError(
      "config_invalid",
      `${url} did not send a GGUF model (${problem}): check the URL`,
    );
  }
  await rename(part, destination);
}

/** A failure worth another try: the connection broke or the server had a bad moment. */
class RetryableError extends Error {
  readonly final: LangchainMiniError;
  constructor(final: LangchainMiniError) {
    super(final.message);
    this.final = final;
  }
}

async function fetchInto(url: string, part: string, options: DownloadOptions) {
  const resumedFrom = await sizeOf(part);
  const headers: Record<string, string> = { ...options.headers };
  if (resumedFrom > 0) headers.range = `bytes=${resumedFrom}-`;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: options.signal });
  } catch (error) {
    throw new RetryableError(
      new LangchainMiniError(
        "llm_connection",
        `Cannot download ${url} (${causeOf(error)}): check your connection; run again to resume`,
        { cause: error },
      ),
    );
  }
  if (response.status === 416 && resumedFrom > 0) {
    // The part on disk does not fit the file any more (it changed on the server): start over.
    await rm(part, { force: true });
    throw new RetryableError(
      new LangchainMiniError("llm_server", `${url} refused to resume the download`),
    );
  }
  if (!response.ok || !response.body) {
    const error = httpError(url, response.status);
    await response.body?.cancel();
    throw response.status >= 500 || response.status === 429 ? new RetryableError(error) : error;
  }
  const resumed = response.status === 206 && rangeStart(response) === resumedFrom;
  const start = resumed ? resumedFrom : 0;
  const total = totalSize(response, start);
  const file = await open(part, resumed ? "a" : "w");
  let received = start;
  const report = () => options.onProgress?.({ url, received, total, resumedFrom: start });
  try {
    report();
    for await (const chunk of response.body) {
      await file.write(chunk);
      received += chunk.byteLength;
      report();
    }
  } catch (error) {
    throw new RetryableError(
      new LangchainMiniError(
        "llm_connection",
        `The download of ${url} broke off after ${received} bytes (${causeOf(error)}): run again to resume`,
        { cause: error },
      ),
    );
  } finally {
    await file.close();
  }
  if (total !== undefined && received < total) {
    throw new RetryableError(
      new LangchainMiniError(
        "llm_connection",
        `The download of ${url} ended after ${received} of ${total} bytes: run again to resume`,
      ),
    );
  }
}

function httpError(url: string, status: number) {
  const hint =
    status === 401 || status === 403
      ? "the file needs access rights (for Hugging Face, set HF_TOKEN)"
      : status === 404
        ? "check the URL or hf: URI"
        : "try again later";
  const code = status >= 500 || status === 429 ? "llm_server" : "config_invalid";
  return new LangchainMiniError(code, `Cannot download ${url} (HTTP ${status}): ${hint}`);
}

function rangeStart(response: Response) {
  const match = /^bytes (\d+)-/.exec(response.headers.get("content-range") ?? "");
  return match ? Number(match[1]) : -1;
}

function totalSize(response: Response, start: number) {
  const range = /\/(\d+)$/.exec(response.headers.get("content-range") ?? "");
  if (range) return Number(range[1]);
  const length = response.headers.get("content-length");
  return length === null ? undefined : start + Number(length);
}

async function sizeOf(path: string) {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

function causeOf(error: unknown) {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
