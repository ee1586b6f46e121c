import { basename } from "node:path";
import type { SetupProgress } from "@langchain-mini/core";
import { terminalText } from "@langchain-mini/host";

const BAR_WIDTH = 24;
const REDRAW_MS = 100;

/** `https://host/x/model.gguf` → `model.gguf`; a plain label stays as it is. */
export function labelName(label: string) {
  const url = URL.parse(label);
  // A plug-in's label: foreign text.
  return terminalText(url ? basename(url.pathname) || url.host : label);
}

/**
 * A download progress bar for stderr: one line redrawn in place on a terminal, or a
 * start and an end line when piped (logs stay readable). Nothing is drawn until a
 * plug-in reports progress.
 */
export function createDownloadProgress(stream: NodeJS.WriteStream) {
  const started = performance.now();
  // -Infinity: the first report always draws, however young the process is.
  let lastDraw = Number.NEGATIVE_INFINITY;
  let name = "";
  let last: SetupProgress | undefined;

  const report = (progress: SetupProgress) => {
    const announced = last !== undefined;
    last = progress;
    if (!announced) {
      name = labelName(progress.label);
      const resumedFrom = progress.resumedFrom ?? 0;
      const resumed = resumedFrom > 0 ? `, resuming at ${formatBytes(resumedFrom)}` : "";
      const total =
        progress.total === undefined ? "" : ` (${formatBytes(progress.total)}${resumed})`;
      stream.write(`Downloading ${name}${total}\n`);
    }
    if (!stream.isTTY) return;
    const now = performance.now();
    if (now - lastDraw < REDRAW_MS && progress.done !== progress.total) return;
    lastDraw = now;
    stream.write(`\r  ${progressLine(progress, now - started)}\u001b[K`);
  };

  /** Ends the bar's line; call once the download is over, whatever the outcome. */
  const finish = () => {
    if (!last) return;
    if (stream.isTTY) stream.write("\n");
    const seconds = (performance.now() - started) / 1000;
    if (last.done === last.total) {
      stream.write(`Downloaded ${name}: ${formatBytes(last.done)} in ${seconds.toFixed(1)} s\n`);
    }
  };

  return { report, finish };
}

/** `[#####-----]  42%  450 MB / 1.1 GB  12 MB/s`, or the bytes and speed when the size is unknown. */
export function progressLine(progress: SetupProgress, elapsedMs: number) {
  const { done: received, total, resumedFrom = 0 } = progress;
  const rate = ((received - resumedFrom) / Math.max(elapsedMs, 1)) * 1000;
  if (total === undefined) return `${formatBytes(received)}  ${formatBytes(rate)}/s`;
  const fraction = total === 0 ? 1 : received / total;
  const filled = Math.round(fraction * BAR_WIDTH);
  const percent = `${Math.floor(fraction * 100)}%`.padStart(4);
  return `[${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}] ${percent}  ${formatBytes(received)} / ${formatBytes(total)}  ${formatBytes(rate)}/s`;
}

/** 1.12 GB, 450.3 MB, 12 kB. */
export function formatBytes(bytes: number) {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(0)} kB`;
  return `${Math.round(bytes)} B`;
}
