import { basename } from "node:path";
import { type DownloadProgress, resolveModelSource } from "@langchain-mini/llm-llamacpp/download";
import { type Instance, render } from "ink";
import { modelsDirectory } from "../config/data-home.js";
import type { Env } from "../config/env.js";
import { DownloadScreen } from "./components/download-screen.js";

const REDRAW_MS = 100;

/**
 * `--llm llamacpp:<URL or hf: URI>` in the terminal UI: the model is fetched (or found
 * from an earlier run) with its progress drawn on screen, before the chat starts; gives
 * back the spec with the local path. A local file, or a finished download, draws nothing.
 */
export async function downloadOnScreen(spec: string, env: Env): Promise<string> {
  const argument = spec.slice(spec.indexOf(":") + 1);
  const controller = new AbortController();
  const started = performance.now();
  let instance: Instance | undefined;
  let lastDraw = 0;
  let last: DownloadProgress | undefined;
  const draw = (progress: DownloadProgress, done = false) => {
    last = progress;
    const screen = (
      <DownloadScreen
        name={basename(new URL(progress.url).pathname)}
        progress={progress}
        elapsedMs={performance.now() - started}
        done={done}
        onCancel={() => controller.abort()}
      />
    );
    if (instance) instance.rerender(screen);
    else instance = render(screen, { exitOnCtrlC: false, interactive: true });
  };
  const onProgress = (progress: DownloadProgress) => {
    const now = performance.now();
    if (instance && now - lastDraw < REDRAW_MS && progress.received !== progress.total) return;
    lastDraw = now;
    draw(progress);
  };
  try {
    const { path } = await resolveModelSource(argument, {
      modelsDirectory: modelsDirectory(env),
      onProgress,
      signal: controller.signal,
      huggingFace: { endpoint: env.HF_ENDPOINT, token: env.HF_TOKEN },
    });
    if (last) draw(last, true);
    return `llamacpp:${path}`;
  } finally {
    instance?.unmount();
    await instance?.waitUntilExit();
  }
}
