import { errorInfo } from "@langchain-mini/core";
import { type Dispatch, useCallback } from "react";
import type { ChatService } from "../chat-service.js";
import type { UiAction } from "../state/app-reducer.js";
import { helpText, parseSlashCommand } from "../state/slash-commands.js";
import { formatToolList } from "../text/tool-list.js";

interface SubmitDependencies {
  readonly service: ChatService;
  readonly dispatch: Dispatch<UiAction>;
  readonly ask: (question: string) => void;
  readonly running: boolean;
  readonly quit: () => void;
  readonly resetScroll: () => void;
}

/**
 * Enter on the input line: a question for the agent, or a /command. Gives false when it
 * did not take the line (a question while another runs), so the line stays as typed.
 */
export function useSubmit(dependencies: SubmitDependencies) {
  const { service, dispatch, ask, running, quit, resetScroll } = dependencies;
  const note = useCallback(
    (text: string, kind: "notice" | "error" = "notice") => dispatch({ type: "note", kind, text }),
    [dispatch],
  );

  return useCallback(
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
      const fail = (error: unknown) => note(errorInfo(error).message, "error");
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
          service.newConversation().then(() => {
            resetScroll();
            dispatch({ type: "conversation-started", session: service.session, turns: [] });
            note("New conversation");
          }, fail);
          break;
        case "session":
          if (!command.argument) {
            note(`Session: ${service.session ?? "none"} (/session <name> switches)`);
            break;
          }
          service.openSession(command.argument).then(({ turns, warnings }) => {
            resetScroll();
            dispatch({ type: "conversation-started", session: command.argument, turns });
            note(`Session ${command.argument}: ${turns.length} earlier turn(s)`);
            for (const warning of warnings) note(warning);
          }, fail);
          break;
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
    [service, dispatch, ask, running, quit, resetScroll, note],
  );
}
