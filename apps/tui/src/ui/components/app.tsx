import { Box, useApp } from "ink";
import { useCallback, useReducer } from "react";
import type { ChatService, OpenedSession } from "../chat-service.js";
import { useChat } from "../hooks/use-chat.js";
import { useInspector } from "../hooks/use-inspector.js";
import { useKeyBindings } from "../hooks/use-key-bindings.js";
import { useLayout } from "../hooks/use-layout.js";
import { useRunRecord } from "../hooks/use-run-record.js";
import { useScroll } from "../hooks/use-scroll.js";
import { useSubmit } from "../hooks/use-submit.js";
import { initialState, isRunning, uiReducer } from "../state/app-reducer.js";
import { EMPTY_LINE, editLine } from "../state/line-editor.js";
import { ChatBody } from "./chat-body.js";
import { InputLine } from "./input-line.js";

interface AppProps {
  readonly service: ChatService;
  /** The stored session the app opened with: its earlier turns and warnings. */
  readonly opened?: OpenedSession;
}

/** The chat: conversation and trace panes, the status bar and the question line. */
export function App({ service, opened }: AppProps) {
  const { exit } = useApp();
  const [state, dispatch] = useReducer(uiReducer, undefined, () =>
    initialState({
      model: service.model,
      notices: [...service.notices, ...(opened?.warnings ?? [])],
      session: service.session,
      turns: opened?.turns,
    }),
  );
  const [line, edit] = useReducer(editLine, EMPTY_LINE);
  const layout = useLayout();
  const scroll = useScroll();
  // The last run's events, for the prompt inspector (Ctrl+P) and the run summary.
  const recorder = useRunRecord(dispatch);
  const inspector = useInspector(recorder.record.calls.length);
  const { ask, cancel } = useChat(service, recorder.dispatch);
  const running = isRunning(state);
  const quit = useCallback(() => exit(0), [exit]);
  const submit = useSubmit({ service, dispatch, ask, running, quit, resetScroll: scroll.reset });
  useKeyBindings({
    line,
    editLine: edit,
    dispatch,
    running,
    confirmingQuit: state.confirmingQuit,
    focus: state.focus,
    submit,
    cancel,
    scroll: scroll.scroll,
    quit,
    inspect: state.confirmingQuit ? undefined : inspector.handleKey,
  });

  return (
    <Box flexDirection="column" width={layout.columns} height={layout.rows}>
      <ChatBody
        state={state}
        layout={layout}
        scroll={scroll}
        inspector={inspector}
        recorder={recorder}
      />
      <InputLine line={line} />
    </Box>
  );
}
