import type { SetupProgress } from "@langchain-mini/core";
import { type Instance, render } from "ink";
import { labelName } from "../render/download-progress.js";
// Loaded at the first progress report: most starts report none.
import { DownloadScreen } from "./components/deferred-parts.js";

const REDRAW_MS = 100;

/**
 * Runs set-up work (a plug-in's download, before the chat starts) with its progress on
 * screen: nothing is drawn unless the work reports progress. Esc cancels it through the
 * host's signal.
 */
export async function withProgressScreen<Result>(
  work: (setup: {
    readonly signal: AbortSignal;
    readonly onProgress: (progress: SetupProgress) => void;
  }) => Promise<Result>,
): Promise<Result> {
  const controller = new AbortController();
  const started = performance.now();
  let instance: Instance | undefined;
  let lastDraw = 0;
  let last: SetupProgress | undefined;
  const draw = (progress: SetupProgress, done = false) => {
    last = progress;
    const screen = (
      <DownloadScreen
        name={labelName(progress.label)}
        progress={progress}
        elapsedMs={performance.now() - started}
        done={done}
        onCancel={() => controller.abort()}
      />
    );
    if (instance) instance.rerender(screen);
    else instance = render(screen, { exitOnCtrlC: false, interactive: true, patchConsole: false });
  };
  const onProgress = (progress: SetupProgress) => {
    const now = performance.now();
    if (instance && now - lastDraw < REDRAW_MS && progress.done !== progress.total) return;
    lastDraw = now;
    draw(progress);
  };
  try {
    const result = await work({ signal: controller.signal, onProgress });
    if (last) draw(last, true);
    return result;
  } finally {
    instance?.unmount();
    await instance?.waitUntilExit();
  }
}
