import { type AgentEvent, type Approve, errorInfo } from "@langchain-mini/core";
import type { AskOptions } from "@langchain-mini/host";
import { type Dispatch, useCallback, useEffect, useRef } from "react";
import { loadDeferredParts } from "../components/deferred-parts.js";
import type { UiAction } from "../state/app-reducer.js";
import { EventCoalescer } from "../state/event-coalescer.js";

/** What the chat asks questions of: a session, or a replay of recorded runs. */
export interface Asker {
  readonly maxSteps: number;
  ask(question: string, options: AskOptions): AsyncIterable<AgentEvent>;
  /** Takes up a run that stopped before its answer (a session's; a replay has none). */
  resume?(runId: string, options: AskOptions): Promise<AsyncIterable<AgentEvent>>;
}

/** How a question's run starts: asked now, or taken up from its journal. */
type Begin = (
  options: AskOptions,
) => AsyncIterable<AgentEvent> | Promise<AsyncIterable<AgentEvent>>;

interface ActiveRun {
  readonly controller: AbortController;
  readonly coalescer: EventCoalescer;
}

/**
 * Runs questions on the agent and feeds their events to the reducer in coalesced
 * batches. `cancel` aborts the LLM stream and the tool through the run's signal and
 * lets the app go on at once, whatever the run still sends.
 */
export function useChat(service: Asker, dispatch: Dispatch<UiAction>, approve?: Approve) {
  const active = useRef<ActiveRun | undefined>(undefined);

  const start = useCallback(
    (question: string, begin: Begin) => {
      const controller = new AbortController();
      const coalescer = new EventCoalescer((events) =>
        dispatch({ type: "agent-events", events, now: Date.now() }),
      );
      const run: ActiveRun = { controller, coalescer };
      active.current = run;
      dispatch({ type: "submitted", question, maxSteps: service.maxSteps, now: Date.now() });
      void (async () => {
        try {
          // What a run draws (its trace, the answer's Markdown) is there before its first event.
          await loadDeferredParts();
          const events = await begin({
            signal: controller.signal,
            ...(approve ? { approve } : {}),
          });
          for await (const event of events) {
            if (controller.signal.aborted) break;
            coalescer.push(event);
          }
          coalescer.flush();
        } catch (error) {
          // A run's failures arrive as events; only a broken service lands here.
          coalescer.flush();
          if (!controller.signal.aborted)
            dispatch({ type: "note", kind: "error", text: errorInfo(error).message });
        } finally {
          if (active.current === run) active.current = undefined;
        }
      })();
    },
    [service, dispatch, approve],
  );
  const ask = useCallback(
    (question: string) => start(question, (options) => service.ask(question, options)),
    [start, service],
  );
  /** `/runs <id>`: the run's own question, its journal replayed, then live. */
  const resume = useCallback(
    (runId: string, question: string) =>
      start(question, (options) => {
        if (!service.resume) throw new Error("Runs cannot be taken up here");
        return service.resume(runId, options);
      }),
    [start, service],
  );

  const cancel = useCallback(() => {
    const run = active.current;
    if (!run) return;
    active.current = undefined;
    run.coalescer.dispose();
    run.controller.abort();
    dispatch({ type: "cancelled", now: Date.now() });
  }, [dispatch]);

  useEffect(() => () => active.current?.controller.abort(), []);

  return { ask, resume, cancel };
}
