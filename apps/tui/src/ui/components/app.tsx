import { useApp, useStdout, useWindowSize } from "ink";
import { useCallback, useReducer, useRef } from "react";
import type { ChatEnd } from "../chat-end.js";
import type { ChatService, OpenedSession } from "../chat-service.js";
import { useApproval } from "../hooks/use-approval.js";
import { useChat } from "../hooks/use-chat.js";
import { useChatScreen } from "../hooks/use-chat-screen.js";
import { useKeyBindings } from "../hooks/use-key-bindings.js";
import { computeLayout, INPUT_ROWS } from "../hooks/use-layout.js";
import { usePicker } from "../hooks/use-picker.js";
import { useRunsOffer } from "../hooks/use-runs-offer.js";
import { useSubmit } from "../hooks/use-submit.js";
import { initialState, isRunning, uiReducer } from "../state/app-reducer.js";
import { approvalView } from "../state/approval.js";
import { EMPTY_LINE, editLine } from "../state/line-editor.js";
import { clipboardSequence } from "../text/clipboard.js";
import { ChatBody } from "./chat-body.js";
import { ApprovalPrompt } from "./deferred-parts.js";
import { InputLine } from "./input-line.js";
import { TooSmall } from "./too-small.js";

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
      session: service.conversation,
      turns: opened?.turns,
    }),
  );
  const [line, edit] = useReducer(editLine, EMPTY_LINE);
  const { columns, rows } = useWindowSize();
  const prompt = state.approval && approvalView(state.approval, columns, rows);
  const layout = computeLayout(columns, rows, prompt?.rows ?? INPUT_ROWS);
  const screen = useChatScreen(dispatch);
  const { scroll, recorder, inspector } = screen;
  const approval = useApproval(dispatch, state.approval, prompt?.max ?? 0);
  const { ask, resume, cancel } = useChat(service, recorder.dispatch, approval.approve);
  useRunsOffer(service, dispatch);
  const running = isRunning(state);
  // Quitting hands the conversation back, for the transcript left in the scrollback.
  const conversation = useRef(state.conversation);
  conversation.current = state.conversation;
  const quit = useCallback(
    () => exit({ status: 0, conversation: conversation.current } satisfies ChatEnd),
    [exit],
  );
  const { stdout } = useStdout();
  const lastAnswer = useCallback(
    () => conversation.current.findLast((entry) => entry.kind === "answer")?.text,
    [],
  );
  const copy = useCallback((text: string) => stdout.write(clipboardSequence(text)), [stdout]);
  const { submit, openSession } = useSubmit({
    service,
    dispatch,
    ask,
    resume,
    running,
    quit,
    resetScroll: scroll.reset,
    lastAnswer,
    copy,
  });
  const pick = usePicker(dispatch, state.picker, openSession);
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
    overlay: (input, key) => approval.handleKey(input, key) || pick(input, key),
    inspect: state.confirmingQuit ? undefined : inspector.handleKey,
    fits: layout.fits,
  });

  if (!layout.fits) return <TooSmall columns={columns} rows={rows} />;
  return (
    <ChatBody state={state} layout={layout} screen={screen}>
      {state.approval && prompt ? (
        <ApprovalPrompt approval={state.approval} view={prompt} />
      ) : (
        <InputLine line={line} />
      )}
    </ChatBody>
  );
}
