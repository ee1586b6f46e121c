import { type Dispatch, useEffect } from "react";
import type { ChatService } from "../chat-service.js";
import type { UiAction } from "../state/app-reducer.js";
import { runsOffer } from "../text/runs-text.js";

/**
 * On start, once the first frame is up: the runs of this store that stopped before their
 * answer (a process killed, a run paused for approval), offered with `/runs <id>`. A
 * journal that cannot be read costs the offer, silently: the chat works without it.
 */
export function useRunsOffer(service: ChatService, dispatch: Dispatch<UiAction>) {
  useEffect(() => {
    let live = true;
    service.unfinishedRuns().then(
      (runs) => {
        const text = runsOffer(runs);
        if (live && text) dispatch({ type: "note", kind: "notice", text });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [service, dispatch]);
}
