import type { LoadedTrace } from "@langchain-mini/host";
import { render } from "ink";
import { ReplayApp } from "./components/replay-app.js";
import { recordedRuns } from "./replay-chat.js";
import { untilExit } from "./until-exit.js";

/**
 * Replays a trace full-screen through the chat's panes until the user quits. Resolves
 * with the exit status: 0 when the last recorded question was answered, 1 otherwise.
 */
export async function startReplay(
  trace: LoadedTrace,
  { speed, file }: { readonly speed: number; readonly file: string },
): Promise<number> {
  const instance = render(
    <ReplayApp
      runs={recordedRuns(trace.lines)}
      speed={speed}
      file={file}
      complete={trace.complete}
    />,
    {
      exitOnCtrlC: false,
      alternateScreen: true,
      interactive: true,
      patchConsole: false,
      incrementalRendering: true,
      maxFps: 30,
    },
  );
  const result = await untilExit(instance);
  return typeof result === "number" ? result : 0;
}
