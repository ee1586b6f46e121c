import { type Dispatch, useCallback, useReducer } from "react";
import type { UiAction } from "../state/app-reducer.js";
import { EMPTY_RECORD, recordRun } from "../state/run-record.js";

/**
 * Keeps the last run's events beside the app's state, for the prompt inspector and the
 * run summary: the returned dispatch feeds both the app's reducer and the record.
 */
export function useRunRecord(dispatch: Dispatch<UiAction>) {
  const [record, recordAction] = useReducer(recordRun, EMPTY_RECORD);
  const recordingDispatch = useCallback(
    (action: UiAction) => {
      dispatch(action);
      recordAction(action);
    },
    [dispatch],
  );
  return { record, dispatch: recordingDispatch };
}
