// One step of a run's trace drawn as the terminal UI draws it: "Step N", then Thought,
// Action, Action Input, Approval, Observation and Final Answer under their labels; text
// still streaming is split under its labels as it comes. Long texts fold, never hide.

import { element } from "./dom.js";
import { displayText, splitCompletion } from "./text.js";

// Observations longer than this (lines or characters) show their start and a toggle.
const FOLD_LINES = 6;
const FOLD_CHARACTERS = 480;
const SHOWN_LINES = 3;
const SHOWN_CHARACTERS = 240;

/** A step of the run view's model as elements. */
export function stepNode(step) {
  const live = splitCompletion(displayText(step.streamed));
  const known = step.calls.length > 0 || step.finalAnswer !== undefined;
  const thought = known ? displayText(step.thought ?? "") || live.thought : live.thought;
  const cursor = () =>
    step.streaming ? element("span", { class: "cursor", "aria-hidden": "true" }, "▍") : undefined;
  const parts = [];
  if (thought || (step.streaming && !known && live.action === undefined)) {
    parts.push(
      part("Thought", "thought", thought, live.action === undefined ? cursor() : undefined),
    );
  }
  const calls = known
    ? step.calls
    : live.action === undefined
      ? []
      : [{ tool: live.action, input: live.actionInput }];
  for (const call of calls) parts.push(...callParts(call, cursor));
  if (step.formatError !== undefined)
    parts.push(part("Format error", "format-error", step.formatError));
  const finalAnswer = known ? step.finalAnswer : live.finalAnswer;
  if (finalAnswer !== undefined) {
    const answer = displayText(finalAnswer);
    const shown = step.streaming ? [answer, cursor()] : foldedText(answer, step, "span");
    parts.push(part("Final Answer", "final-answer", ...shown));
  }
  return element(
    "div",
    { class: "step", "data-testid": "step", "data-step": step.number },
    element("h3", { class: "step-title" }, `Step ${step.number}`),
    element("dl", { class: "step-parts" }, ...parts),
  );
}

function callParts(call, cursor) {
  const parts = [];
  if (call.tool !== undefined) {
    const origin = call.origin
      ? element("span", { class: "origin" }, ` · ${displayText(call.origin)}`)
      : undefined;
    parts.push(
      part(
        "Action",
        "action",
        displayText(call.tool),
        origin,
        call.input === undefined ? cursor() : undefined,
      ),
    );
  }
  if (call.input !== undefined)
    parts.push(part("Action Input", "action-input", displayText(call.input)));
  if (call.approval !== undefined) {
    parts.push(
      part(
        call.declined ? "Declined" : "Approval",
        "approval-decision",
        displayText(call.approval),
      ),
    );
  }
  if (call.running)
    parts.push(part("Running", "running", `${displayText(call.tool ?? "the tool")}…`));
  if (call.error !== undefined)
    parts.push(part("Tool error", "tool-error", displayText(call.error)));
  if (call.observation !== undefined) {
    parts.push(
      part("Observation", "observation", ...foldedText(displayText(call.observation), call)),
    );
  }
  return parts;
}

function part(label, name, ...content) {
  return element(
    "div",
    { class: `part ${name}` },
    element("dt", {}, label),
    element("dd", { "data-testid": name }, ...content),
  );
}

/** Long text: its first lines and a toggle that shows it all (nothing is ever hidden for good). */
function foldedText(text, state, tag = "pre") {
  const lines = text.split("\n");
  if (lines.length <= FOLD_LINES && text.length <= FOLD_CHARACTERS) return [element(tag, {}, text)];
  const start = `${lines.slice(0, SHOWN_LINES).join("\n").slice(0, SHOWN_CHARACTERS)}…`;
  const all =
    lines.length > 1 ? `show all ${lines.length} lines` : `show all ${text.length} characters`;
  const shown = element(tag, { class: "folded" });
  const toggle = element("button", { type: "button", class: "fold", "data-testid": "fold" });
  const update = () => {
    shown.textContent = state.unfolded ? text : start;
    toggle.textContent = state.unfolded ? "show fewer lines" : all;
    toggle.setAttribute("aria-expanded", String(Boolean(state.unfolded)));
  };
  toggle.addEventListener("click", () => {
    state.unfolded = !state.unfolded;
    update();
  });
  update();
  return [shown, toggle];
}
