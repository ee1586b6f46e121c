import { Runnable } from "../runnable/runnable.js";
import { type ParsedStep, parseReAct } from "./parser.js";

/** The ReAct parser as a runnable, so `prompt.pipe(llm).pipe(new ReActOutputParser())` works. */
export class ReActOutputParser extends Runnable<string, ParsedStep> {
  async invoke(completion: string) {
    return parseReAct(completion);
  }
}
