/**
 * The Python in what a model wrote after `Action Input:`: models often wrap code in a
 * Markdown fence (```python … ```) or in single backticks.
 */
export function cleanInput(input: string): string {
  const text = input.trim();
  const fenced = /^```[ \t]*(?:python3?|py)?[ \t]*\r?\n([\s\S]*?)\r?\n?```$/i.exec(text);
  if (fenced) return fenced[1] ?? "";
  const inline = /^`([^`\n]+)`$/.exec(text);
  if (inline) return inline[1] ?? "";
  // Blank lines around the code go; indentation stays (the runner dedents a common one).
  return input.replace(/^(?:[ \t]*\r?\n)+/, "").trimEnd();
}
