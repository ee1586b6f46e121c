import type { ApprovalDecision, Approve } from "@langchain-mini/core";
import { visibleText } from "@langchain-mini/host";
import type { Key } from "ink";
import { type Dispatch, useCallback, useRef } from "react";
import { formatToolInput } from "../../approval/format-input.js";
import type { UiAction } from "../state/app-reducer.js";
import type { PendingApproval } from "../state/approval.js";
import { approvalIntent } from "../state/approval-keys.js";
import { editLine } from "../state/line-editor.js";

interface Waiting {
  readonly tool: string;
  readonly resolve: (decision: ApprovalDecision) => void;
}

/**
 * The terminal UI's side of approval: `approve` (the agent's hook) puts the call on
 * screen and waits; the prompt's keys answer it. `a` approves the tool's later calls in
 * this session without asking again.
 */
export function useApproval(
  dispatch: Dispatch<UiAction>,
  pending: PendingApproval | undefined,
  maxTop: number,
) {
  const waiting = useRef<Waiting | undefined>(undefined);
  const approvedTools = useRef(new Set<string>());

  const approve: Approve = useCallback(
    (request) => {
      if (approvedTools.current.has(request.tool)) return { approved: true, always: true };
      return new Promise<ApprovalDecision>((resolve) => {
        waiting.current = { tool: request.tool, resolve };
        // Cancelled while waiting: the run ends, and so does the question.
        request.signal.addEventListener(
          "abort",
          () => {
            if (waiting.current?.resolve === resolve) waiting.current = undefined;
          },
          { once: true },
        );
        // Every character of the call, those a terminal would act on written as escapes:
        // the person approves exactly what will run.
        const input = formatToolInput(request.input);
        const origin = request.origin ? { origin: visibleText(request.origin) } : {};
        dispatch({
          type: "approval-asked",
          tool: visibleText(request.tool),
          ...origin,
          input,
        });
      });
    },
    [dispatch],
  );

  const answer = useCallback(
    (decision: ApprovalDecision) => {
      const current = waiting.current;
      waiting.current = undefined;
      dispatch({ type: "approval-answered" });
      if (!current) return;
      if (decision.approved && decision.always) approvedTools.current.add(current.tool);
      current.resolve(decision);
    },
    [dispatch],
  );

  /** True when the key was the prompt's. */
  const handleKey = useCallback(
    (input: string, key: Key): boolean => {
      if (!pending) return false;
      const intent = approvalIntent(input, key, pending.stage);
      switch (intent.type) {
        case "approve":
          answer({ approved: true, always: intent.always });
          return true;
        case "decline":
          dispatch({ type: "approval-note-started" });
          return true;
        case "send-note": {
          const typed = intent.typed
            ? editLine(pending.note, { type: "insert", text: intent.typed })
            : pending.note;
          const note = typed.text.trim();
          answer(note ? { approved: false, note } : { approved: false });
          return true;
        }
        case "edit-note":
          dispatch({ type: "approval-note-edited", edit: intent.edit });
          return true;
        case "scroll":
          dispatch({ type: "approval-scrolled", by: intent.by, max: maxTop });
          return true;
        case "ignore":
          return true;
        case "pass":
          return false;
        default:
          intent satisfies never;
          return false;
      }
    },
    [pending, answer, dispatch, maxTop],
  );

  return { approve, handleKey };
}
