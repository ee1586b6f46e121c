/**
 * A tool call's input as a page is shown it. In tools mode a typed tool's input is the
 * model's JSON arguments, shown as the object they are; everything else (ReAct's
 * `Action Input`, a text tool's input) is the string the tool received.
 *
 * The AI SDK's reader refuses a whole stream whose JSON has a `__proto__` key, or a
 * `constructor` key holding an object with a `prototype` (its guard against prototype
 * pollution), so arguments with either key stay a string: a model cannot break the page.
 */
export function uiToolInput(input: string, toolsMode: boolean): unknown {
  if (!toolsMode || !input.trimStart().startsWith("{")) return input;
  let suspect = false;
  try {
    const parsed: unknown = JSON.parse(input, (key, value: unknown) => {
      if (key === "__proto__" || key === "constructor") suspect = true;
      return value;
    });
    return suspect ? input : parsed;
  } catch {
    return input;
  }
}
