import type { FeedLine, RunFeed } from "./coordination.js";

export interface FeedStream {
  readonly feed: RunFeed;
  readonly runId: string;
  /** The first line to send (a seq). */
  readonly from: number;
  /** The text sent for each line (an NDJSON line, an SSE event or several). */
  readonly format: (line: FeedLine) => string;
  /** Sent once the run's part has ended (SSE's `[DONE]`). */
  readonly end?: string;
  readonly headers: Record<string, string>;
}

/**
 * A run's feed as a streamed HTTP response: its lines so far, then each as it comes, until
 * the run's part ends. The run goes on whether or not anyone reads: a client that goes
 * away only ends its own reading.
 */
export function feedResponse({ feed, runId, from, format, end, headers }: FeedStream): Response {
  const reading = new AbortController();
  const encoder = new TextEncoder();
  let lines: AsyncIterator<FeedLine> | undefined;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      lines ??= feed.read(runId, from, reading.signal)[Symbol.asyncIterator]();
      try {
        const next = await lines.next();
        if (next.done) {
          if (end) controller.enqueue(encoder.encode(end));
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(format(next.value)));
      } catch (error) {
        if (reading.signal.aborted) return;
        controller.error(error);
      }
    },
    cancel() {
      reading.abort();
    },
  });
  return new Response(body, {
    headers: { "cache-control": "no-store", "x-accel-buffering": "no", ...headers },
  });
}
