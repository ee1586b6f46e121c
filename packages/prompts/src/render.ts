/** Thrown when a template names a variable that was not given. */
export class MissingVariableError extends Error {
  readonly code = "prompt_missing_variable";
  readonly variable: string;
  constructor(variable: string) {
    super(`Prompt variable {${variable}} has no value: pass it when rendering the template`);
    this.name = "MissingVariableError";
    this.variable = variable;
  }
}

// `{name}` is a variable; `{{` and `}}` are literal braces (LangChain's f-string rules).
const placeholder = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Fills `{name}` placeholders in one pass over the template, so a value that itself
 * contains `{tools}` or `${question}` is inserted literally and never re-read.
 */
export function renderTemplate(template: string, variables: Readonly<Record<string, string>>) {
  return template.replace(placeholder, (match, name: string | undefined) => {
    if (name === undefined) return match[0] ?? "";
    // Own values only: `{constructor}` is a missing variable, not Object's constructor.
    const value = Object.hasOwn(variables, name) ? variables[name] : undefined;
    if (value === undefined) throw new MissingVariableError(name);
    return value;
  });
}

/** The variable names a template expects, in order of first use. */
export function templateVariables(template: string): string[] {
  const names = new Set<string>();
  for (const match of template.matchAll(placeholder)) if (match[1]) names.add(match[1]);
  return [...names];
}
