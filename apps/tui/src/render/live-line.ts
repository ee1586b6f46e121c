import { styleText } from "node:util";
import type { AgentEvent } from "@langchain-mini/core";
import { terminalText } from "@langchain-mini/host";
import { SPINNER } from "./spinner.js";

const REDRAW_MS = 100;
/** Back to the start of the cursor's line, and the line cleared. */
const ERASE = "\r\u001b[2K";
/** What is kept of a call's streamed text: more than any terminal line shows. */
const KEPT_CHARS = 1024;

/** What is under way: the model's call (its text so far) or a tool's. */
interface Work {
  readonly since: number;
  readonly label: string;
  text: string;
}

/**
 * One line under `ask`'s trace on a terminal while the model or a tool works: a spinner,
 * the seconds it has taken, and the model's text as it streams (its Thought), cut to the
 * window's width so that it never wraps. The line is erased before each trace line and
 * drawn again after it, and erased for good between calls, so the trace that stays on
 * the screen is the same as without it. Only for a terminal: a pipe never sees it.
 */
export interface LiveLine {
  /** Reads the run's events: what starts and ends, and the text a call streams. */
  readonly show: (event: AgentEvent) => void;
  /** `text` as it should be written to the stream: above the line, which is drawn again. */
  readonly around: (text: string) => string;
  /** Erases the line, if drawn, and stops redrawing it. */
  readonly stop: () => void;
  /**
   * Ctrl+C came: the terminal echoed `^C` at the end of the line, and the stop handler
   * (`stop-signals.ts`) has moved to the line below. The line becomes `^C` alone, as it is
   * without a live line, and is not drawn again.
   */
  readonly interrupted: () => void;
}

export function createLiveLine(stream: NodeJS.WriteStream): LiveLine {
  let model = "the model";
  let work: Work | undefined;
  let frame = 0;
  let timer: NodeJS.Timeout | undefined;
  let drawn = false;
  // Dim where the terminal shows colour (not with NO_COLOR): it is not part of the trace.
  const dim =
    styleText("dim", "x", { stream }) === "x"
      ? (text: string) => text
      : (text: string) => styleText("dim", text, { validateStream: false });

  const line = () => {
    if (!work) return "";
    const seconds = `${((performance.now() - work.since) / 1000).toFixed(1)}s`;
    // One column spare: a line that fills the last column wraps on some terminals.
    const columns = (stream.columns || 80) - 1;
    const head = fitting(`${SPINNER[frame % SPINNER.length]} ${seconds} ${work.label}`, columns);
    const room = columns - widthOf(head) - 2;
    const text = work.text && room > 1 ? `: ${fitting(work.text, room, "end")}` : "";
    return dim(`${head}${text}`);
  };
  const draw = () => {
    const shown = line();
    drawn = shown !== "";
    return shown;
  };
  const redraw = () => {
    stream.write(`${ERASE}${draw()}`);
    frame++;
  };
  const begin = (label: string) => {
    work = { since: performance.now(), label, text: "" };
    if (!timer) {
      timer = setInterval(redraw, REDRAW_MS);
      // The line never keeps the process alive.
      timer.unref();
    }
    redraw();
  };
  const stop = (erase = ERASE) => {
    work = undefined;
    clearInterval(timer);
    timer = undefined;
    if (drawn) stream.write(erase);
    drawn = false;
  };
  // Up to the line, cleared, and the terminal's echo written again.
  const interrupted = () => stop(`\u001b[1A${ERASE}^C\n`);

  const show = (event: AgentEvent) => {
    switch (event.type) {
      case "run-start":
        model = oneLine(event.model) || model;
        break;
      case "llm-start":
        begin(
          event.purpose === "summary"
            ? `${model}, summarizing`
            : event.purpose === "compaction"
              ? `${model}, compacting`
              : model,
        );
        break;
      case "llm-delta":
        if (work) work.text = (work.text + event.text).slice(-KEPT_CHARS);
        break;
      case "tool-start":
        begin(`running ${oneLine(event.tool)}`);
        break;
      case "llm-end":
      case "tool-end":
      case "run-end":
        stop();
        break;
    }
  };

  const around = (text: string) => (drawn ? `${ERASE}${text}${draw()}` : text);

  return { show, around, stop: () => stop(), interrupted };
}

/**
 * `text` on one line (blanks and breaks as single spaces), at most `columns` wide: its
 * start, or its `end` (where a model's streamed text is). A character past U+10FF counts
 * as two columns: some are one, but a line cut a little short never wraps.
 */
export function fitting(text: string, columns: number, keep: "start" | "end" = "start") {
  if (columns < 2) return "";
  const characters = [...oneLine(text)];
  if (keep === "end") characters.reverse();
  let width = 0;
  let count = 0;
  for (const character of characters) {
    width += widthOf(character);
    if (width > columns) break;
    count++;
  }
  if (count === characters.length) return oneLine(text);
  // The last character that fits gives way to an ellipsis: there is more.
  const kept = characters.slice(0, Math.max(0, count - 1));
  return keep === "end" ? `…${kept.reverse().join("")}` : `${kept.join("")}…`;
}

function widthOf(text: string) {
  let width = 0;
  for (const character of text) width += (character.codePointAt(0) ?? 0) >= 0x1100 ? 2 : 1;
  return width;
}

/** Foreign text made safe to draw, on one line. */
function oneLine(text: string) {
  return terminalText(text).replace(/\s+/g, " ").trim();
}
