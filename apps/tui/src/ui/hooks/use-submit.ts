import { errorInfo } from "@langchain-mini/core";
import { type Dispatch, useCallback } from "react";
import type { ChatService } from "../chat-service.js";
import type { UiAction } from "../state/app-reducer.js";
import { helpText, parseSlashCommand } from "../state/slash-commands.js";
import { findRunByPrefix, runsText } from "../text/runs-text.js";
import { formatToolList } from "../text/tool-list.js";

interface SubmitDependencies {
  readonly service: ChatService;
  readonly dispatch: Dispatch<UiAction>;
  readonly ask: (question: string) => void;
  /** `/runs <id>`: a run taken up from its journal, under its own question. */
  readonly resume: (runId: string, question: string) => void;
  readonly running: boolean;
  readonly quit: () => void;
  readonly resetScroll: () => void;
  /** /copy: the last answer, if any, and how it reaches the clipboard. */
  readonly lastAnswer: () => string | undefined;
  readonly copy: (text: string) => void;
}

/**
 * Enter on the input line: a question for the agent, or a /command. Gives false when it
 * did not take the line (a question while another runs), so the line stays as typed.
 */
export function useSubmit(dependencies: SubmitDependencies) {
  const { service, dispatch, ask, resume, running, quit, resetScroll, lastAnswer, copy } =
    dependencies;
  const note = useCallback(
    (text: string, kind: "notice" | "error" = "notice") => dispatch({ type: "note", kind, text }),
    [dispatch],
  );
  const fail = useCallback((error: unknown) => note(errorInfo(error).message, "error"), [note]);

  /** /session <name>, and a choice in /resume's list. */
  const openSession = useCallback(
    (name: string) => {
      service.openConversation(name).then(({ turns, warnings }) => {
        resetScroll();
        dispatch({ type: "conversation-started", session: name, turns });
        note(`Session ${name}: ${turns.length} earlier turn(s)`);
        for (const warning of warnings) note(warning);
      }, fail);
    },
    [service, dispatch, resetScroll, note, fail],
  );

  const submit = useCallback(
    (line: string): boolean => {
      const text = line.trim();
      if (!text) return true;
      const command = parseSlashCommand(text);
      if (running && command?.name !== "help" && command?.name !== "quit") {
        note("A question is running: wait for its answer, or press Esc to cancel it", "error");
        return false;
      }
      if (!command) {
        resetScroll();
        ask(text);
        return true;
      }
      switch (command.name) {
        case "unknown":
          note(`Unknown command /${command.argument}: /help lists the commands`, "error");
          break;
        case "help":
          dispatch({ type: "note", kind: "help", text: helpText() });
          break;
        case "clear":
          resetScroll();
          dispatch({ type: "cleared" });
          break;
        case "new":
          service.newConversation();
          resetScroll();
          dispatch({ type: "conversation-started", session: service.conversation, turns: [] });
          note("New conversation");
          break;
        case "session":
          if (!command.argument) {
            note(`Session: ${service.conversation ?? "none"} (/session <name> switches)`);
            break;
          }
          openSession(command.argument);
          break;
        case "resume":
          service
            .listConversations()
            .then((sessions) => dispatch({ type: "picker-opened", sessions }), fail);
          break;
        case "runs":
          service.unfinishedRuns().then((runs) => {
            const run = command.argument ? findRunByPrefix(runs, command.argument) : undefined;
            if (!command.argument || !run) {
              if (command.argument) note(`No unfinished run ${command.argument}`, "error");
              note(runsText(runs));
              return;
            }
            resetScroll();
            resume(run.runId, run.question);
          }, fail);
          break;
        case "copy": {
          const answer = lastAnswer();
          if (answer === undefined) {
            note("No answer to copy yet", "error");
            break;
          }
          copy(answer);
          note(
            "Copied the last answer to the clipboard (through the terminal, with OSC 52: terminals without it leave the clipboard as it was)",
          );
          break;
        }
        case "tools":
          note(formatToolList(service.tools));
          break;
        case "model":
          if (!command.argument) {
            note(`Model: ${service.model} (/model <spec> switches, e.g. /model openai:gpt-4.1)`);
            break;
          }
          service.switchModel(command.argument).then(() => {
            dispatch({ type: "model-changed", model: service.model });
            note(`Model: ${service.model}`);
          }, fail);
          break;
        case "quit":
          quit();
          break;
        default:
          command satisfies never;
      }
      return true;
    },
    [
      service,
      dispatch,
      ask,
      resume,
      running,
      quit,
      resetScroll,
      note,
      fail,
      openSession,
      lastAnswer,
      copy,
    ],
  );
  return { submit, openSession };
}
