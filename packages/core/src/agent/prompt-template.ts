import { renderTemplate, templateVariables } from "@langchain-mini/prompts";
import { Runnable } from "../runnable/runnable.js";

/** A template as a runnable: variables in, the rendered prompt out. */
export class PromptTemplate extends Runnable<Readonly<Record<string, string>>, string> {
  readonly template: string;
  readonly variables: readonly string[];

  constructor(template: string) {
    super();
    this.template = template;
    this.variables = templateVariables(template);
  }

  async invoke(variables: Readonly<Record<string, string>>) {
    return renderTemplate(this.template, variables);
  }
}
