import type { Dispatch } from "react";
import type { UiAction } from "../state/app-reducer.js";
import { useInspector } from "./use-inspector.js";
import { useRunRecord } from "./use-run-record.js";
import { useScroll } from "./use-scroll.js";

/** What the chat's screen keeps beside the app's state: the chat's and the replay's. */
export function useChatScreen(dispatch: Dispatch<UiAction>) {
  const scroll = useScroll();
  // The last run's events, for the prompt inspector (Ctrl+P) and the run summary.
  const recorder = useRunRecord(dispatch);
  const inspector = useInspector(recorder.record.calls.length);
  return { scroll, recorder, inspector };
}

export type ChatScreen = ReturnType<typeof useChatScreen>;
