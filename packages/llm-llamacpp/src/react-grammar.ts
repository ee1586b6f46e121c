/**
 * A llama.cpp grammar (GBNF) for one ReAct step, the text a model writes after
 * `Thought:`: the rest of the thought on one line, then either an action naming one of
 * the tools with its input on one line, or the final answer. With it a small model cannot
 * drop a line, misspell a marker or invent a tool.
 */
export function reactStepGrammar(toolNames: readonly string[]): string {
  const names = [...new Set(toolNames.filter((name) => name.length > 0))];
  const rules = [
    `root ::= thought "\\n" ${names.length > 0 ? "(action | answer)" : "answer"}`,
    "thought ::= [^\\n]*",
    // The stop sequence may follow the input: the agent cuts there and runs the tool.
    `action ::= "Action: " tool "\\nAction Input: " [^\\n]* ("\\nObservation:")?`,
    'answer ::= "Final Answer: " [^\\n]+ ("\\n" [^\\n]*)*',
  ];
  if (names.length > 0) rules.push(`tool ::= ${names.map(gbnfString).join(" | ")}`);
  return `${rules.join("\n")}\n`;
}

/**
 * Whether a prompt asks for a ReAct step: the agent's prompts end with `Thought:`, while
 * its other calls (a forced final answer, a standalone question) must stay free text.
 */
export function isReactStepPrompt(prompt: string) {
  return /(?:^|\n)Thought:\s*$/.test(prompt);
}

// GBNF literals take JSON's escapes: quotes, backslashes and control characters.
function gbnfString(text: string) {
  return JSON.stringify(text);
}
