import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import { FrameBuffer, type Oversized } from "./frame-buffer.js";
import { MAX_MESSAGE } from "./stand-in.js";

export interface EventLimitOptions {
  /**
   * What stands for an event over the limit (see `standIn`), from what is kept of its
   * data: asked as soon as it goes over (its start), and if that was not enough, at its end.
   */
  readonly standIn: (data: Oversized) => JSONRPCMessage | undefined;
  /** The stream carries one request's reply: once that stands in, the rest is not read. */
  readonly endAfterStandIn: boolean;
  readonly onDropped: () => void;
}

/**
 * An event stream with every event held to MAX_MESSAGE: a longer one is replaced by the
 * message that stands in for it, or dropped, and a line that never ends costs bounded
 * memory. Events pass whole, in order; line ends are written as `\n`.
 */
export function limitEvents(options: EventLimitOptions): TransformStream<string, string> {
  const frame = new FrameBuffer(MAX_MESSAGE);
  let carriageReturn = false;
  let atLineStart = true;
  let stoodIn = false;

  const standIn = (data: Oversized) => {
    const message = options.standIn(data);
    if (message) stoodIn = true;
    return message === undefined ? undefined : `data: ${JSON.stringify(message)}\n\n`;
  };
  const endEvent = (controller: TransformStreamDefaultController<string>) => {
    atLineStart = true;
    const event = frame.take();
    if (typeof event === "string") {
      if (event) controller.enqueue(`${event}\n`);
    } else if (stoodIn) {
      stoodIn = false;
    } else {
      const replacement = standIn(dataOf(event));
      stoodIn = false;
      if (replacement) controller.enqueue(replacement);
      else options.onDropped();
    }
  };

  return new TransformStream({
    transform(chunk, controller) {
      let text = carriageReturn && chunk.startsWith("\n") ? chunk.slice(1) : chunk;
      carriageReturn = text.endsWith("\r");
      text = text.replace(/\r\n?/g, "\n");
      let start = 0;
      while (start < text.length) {
        if (atLineStart && text[start] === "\n") {
          endEvent(controller);
          start++;
          continue;
        }
        const blank = text.indexOf("\n\n", start);
        const stop = blank === -1 ? text.length : blank + 1;
        const wentOver = frame.add(text.slice(start, stop));
        atLineStart = text[stop - 1] === "\n";
        start = stop;
        if (!wentOver) continue;
        const replacement = standIn(dataOf(frame.oversized()));
        if (!replacement) continue;
        controller.enqueue(replacement);
        // What is left of the reply would only be thrown away: stop reading it.
        if (options.endAfterStandIn) {
          controller.terminate();
          return;
        }
      }
    },
  });
}

/** The data of (the kept parts of) an event: its `data:` lines, as the event's text. */
function dataOf(event: Oversized): Oversized {
  const data = (text: string) =>
    text
      .split("\n")
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice(line.startsWith("data: ") ? 6 : 5))
      .join("\n");
  // The tail is the end of the last data line, not a line of its own.
  return { head: data(event.head), tail: event.tail };
}
