// Text from the server (a model's reply, a tool's output, an error) as the page shows it.
// The same rules as the terminal's renderers, for a browser: nothing here builds markup.

// Invisible or reordering characters, the tag block (U+E0000-E007F) included: a file name
// that reads backwards, text that looks like other text, hidden text.
const INVISIBLE = String.raw`[\u034f\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0\u{e0000}-\u{e007f}]`;
// C0 controls but tab and newline (ESC, a lone CR), DEL and the C1 controls.
const CONTROL = String.raw`[\u0000-\u0008\u000b-\u001f\u007f-\u009f]`;

const UNSAFE = new RegExp(`${CONTROL}|${INVISIBLE}`, "gu");

/**
 * Text safe to show: control and invisible characters removed, `\r\n` and a lone `\r`
 * kept as `\n`. What was around an escape sequence stays (`[31m` shows as written).
 */
export function displayText(text) {
  return String(text).replace(/\r\n?/g, "\n").replace(UNSAFE, "");
}

/**
 * Text a person decides on (a tool call to approve): each control or invisible character
 * written as a visible `\uXXXX` escape instead of removed, so two different inputs never
 * look the same.
 */
export function visibleText(text) {
  return String(text).replace(UNSAFE, (character) => {
    const code = character.codePointAt(0) ?? 0;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}

/** One line of text, for an error: the first line, shown safely. */
export function oneLine(text) {
  return displayText(text).split("\n", 1)[0].trim();
}

const LABEL = /^[ \t]*(Thought|Action Input|Action|Final Answer)[ \t]*:[ \t]?/gm;
const SECTION = {
  Thought: "thought",
  Action: "action",
  "Action Input": "actionInput",
  "Final Answer": "finalAnswer",
};

/**
 * A ReAct completion that is still streaming, split into Thought, Action, Action Input
 * and Final Answer so each shows under its label while it arrives (the terminal UI's
 * rule). Lenient on purpose: the step's `action` or `final-answer` event has the last word.
 */
export function splitCompletion(completion) {
  const parts = {};
  let section = "thought";
  let start = 0;
  for (const match of completion.matchAll(LABEL)) {
    parts[section] = (parts[section] ?? "") + completion.slice(start, match.index);
    section = SECTION[match[1]];
    start = match.index + match[0].length;
    parts[section] ??= "";
  }
  parts[section] = (parts[section] ?? "") + completion.slice(start);
  const split = { thought: (parts.thought ?? "").trim() };
  for (const name of ["action", "actionInput", "finalAnswer"]) {
    if (parts[name] !== undefined) split[name] = parts[name].trim();
  }
  return split;
}

/**
 * US dollars as people read them: cents above a dollar, two significant digits below,
 * "$0" for nothing.
 */
export function formatCost(dollars) {
  if (dollars === 0) return "$0";
  if (dollars >= 1) return `$${dollars.toFixed(2)}`;
  if (dollars < 0.000_001) return "<$0.000001";
  const decimals = 1 - Math.floor(Math.log10(dollars));
  return `$${dollars.toFixed(decimals)}`;
}

const plural = (count, noun) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/**
 * A run in one line, as the terminal's transcript shows it:
 * "2 steps · 4.2s · 1234 in / 56 out tokens · $0.0012" (the cost only when known).
 */
export function runSummaryText(steps, result) {
  const seconds = `${(Math.max(0, Number(result.durationMs) || 0) / 1000).toFixed(1)}s`;
  const usage = result.usage ?? {};
  const parts = [plural(steps, "step"), seconds];
  parts.push(`${usage.inputTokens ?? 0} in / ${usage.outputTokens ?? 0} out tokens`);
  if (typeof result.cost === "number") parts.push(formatCost(result.cost));
  return parts.join(" · ");
}
