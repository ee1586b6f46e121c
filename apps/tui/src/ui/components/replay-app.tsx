import { Box, Text, useApp } from "ink";
import { useEffect, useMemo, useReducer, useState } from "react";
import { useChat } from "../hooks/use-chat.js";
import { useChatScreen } from "../hooks/use-chat-screen.js";
import { useKeypress } from "../hooks/use-keypress.js";
import { useLayout } from "../hooks/use-layout.js";
import { createReplayChat, type RecordedRun } from "../replay-chat.js";
import { initialState, isRunning, uiReducer } from "../state/app-reducer.js";
import { ChatBody } from "./chat-body.js";
import { colours } from "./theme.js";

interface ReplayAppProps {
  readonly runs: readonly RecordedRun[];
  /** 1 the recorded pace, 2 twice as fast, 0 instantly. */
  readonly speed: number;
  readonly file: string;
  /** False when the trace stops before its last run ended (the process was killed). */
  readonly complete: boolean;
}

/**
 * `replay` on a terminal: the recorded questions play through the chat's own panes, one
 * after the other, at the recorded pace. Read-only: the bottom line says where it is.
 */
export function ReplayApp({ runs, speed, file, complete }: ReplayAppProps) {
  const { exit } = useApp();
  const [state, dispatch] = useReducer(uiReducer, undefined, () =>
    initialState({ model: modelOf(runs) }),
  );
  const screen = useChatScreen(dispatch);
  const { scroll, recorder, inspector } = screen;
  const layout = useLayout();
  const chat = useMemo(() => createReplayChat(runs, speed), [runs, speed]);
  const { ask, cancel } = useChat(chat, recorder.dispatch);
  const running = isRunning(state);
  const [played, setPlayed] = useState(0);
  const finished = !running && played >= runs.length;

  // The next recorded question starts once the one before has ended.
  useEffect(() => {
    const run = runs[played];
    if (running || !run) return;
    ask(run.question);
    setPlayed(played + 1);
  }, [running, played, runs, ask]);

  const quit = () =>
    exit(complete && state.run?.outcome === "answered" && played >= runs.length ? 0 : 1);
  useKeypress((input, key) => {
    if (inspector.handleKey(input, key)) return;
    if ((key.ctrl && input === "c") || input === "q") quit();
    else if (key.escape && running) {
      // Esc stops the replay where it is; a second Esc (or q) leaves.
      setPlayed(runs.length);
      cancel();
    } else if (key.escape) quit();
    else if (key.tab) dispatch({ type: "focus-moved" });
    else if (key.ctrl && input === "o") dispatch({ type: "fold-toggled" });
    else if (key.pageUp || key.pageDown) scroll.scroll(state.focus, key.pageUp ? -1 : 1);
  });

  const where = finished
    ? "finished"
    : `question ${played} of ${runs.length}${speed === 1 ? "" : speed === 0 ? " · instantly" : ` · ×${speed}`}`;
  return (
    <ChatBody state={state} layout={layout} screen={screen}>
      <Box borderStyle="round" borderColor={colours.border} paddingX={1}>
        <Text wrap="truncate-end">
          <Text bold color={colours.focus}>{`Replay ${where}`}</Text>
          <Text
            dimColor
          >{` · ${file} · Ctrl+P prompts · ${running ? "Esc stops" : "q quits"}`}</Text>
        </Text>
      </Box>
    </ChatBody>
  );
}

function modelOf(runs: readonly RecordedRun[]) {
  const start = runs[0]?.lines.find((line) => line.type === "run-start");
  return start?.type === "run-start" ? `${start.provider}:${start.model}` : "replay";
}
