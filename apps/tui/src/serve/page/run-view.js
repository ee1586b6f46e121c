// One run's steps as the terminal UI's trace shows them: Thought (streamed while it comes),
// Action, Action Input, Approval, Observation, Final Answer. Events fold into a small model
// of the steps; the steps that changed are drawn again once per frame.

import { element } from "./dom.js";
import { stepNode } from "./step-view.js";
import { displayText } from "./text.js";

export class RunView {
  constructor() {
    this.element = element("section", {
      class: "trace",
      "aria-label": "Steps",
      "aria-live": "polite",
      "data-testid": "trace",
    });
    this.notes = element("ul", { class: "notes" });
    this.element.append(this.notes);
    this.steps = new Map();
    this.dirty = new Set();
    this.frame = undefined;
    /** The last tool call the run made: the one a paused run waits on. */
    this.lastAction = undefined;
  }

  /** Number of agent steps seen (an LLM call and what followed it). */
  get stepCount() {
    return this.steps.size;
  }

  apply(event) {
    // Memory's own calls (a follow-up's rewrite, the summary) are no steps of the agent.
    if (event.purpose) return;
    const step = typeof event.step === "number" ? this.step(event.step) : undefined;
    switch (event.type) {
      case "standalone-question":
        return this.note(`Asked as: ${event.question}`);
      case "warning":
        return this.note(`Warning: ${event.message}`, "warning");
      case "resumed":
        return this.note("Resumed: the run was taken up again after its pause", "resumed");
      case "llm-start":
        // A call made again (a resumed run replays its steps) starts its step afresh.
        Object.assign(step, { streamed: "", streaming: true, calls: [], finalAnswer: undefined });
        Object.assign(step, { formatError: undefined, thought: undefined });
        this.element.setAttribute("aria-busy", "true");
        break;
      case "llm-delta":
        step.streamed += String(event.text ?? "");
        break;
      case "llm-end":
        step.streaming = false;
        if (!step.streamed) step.streamed = String(event.completion ?? "");
        this.element.setAttribute("aria-busy", "false");
        break;
      case "parse-error":
        step.formatError = event.message;
        break;
      case "action": {
        step.thought = event.thought;
        const call = { tool: event.tool, input: event.input, origin: event.origin };
        step.calls.push(call);
        this.lastAction = { ...call, step };
        break;
      }
      case "approval":
        decide(
          this.call(step, (call) => call.approval === undefined),
          event,
        );
        break;
      case "tool-start":
        this.call(step, (call) => call.observation === undefined).running = true;
        break;
      case "tool-end":
        Object.assign(
          this.call(step, (call) => call.running),
          {
            running: false,
            error: event.error?.message,
          },
        );
        break;
      case "observation":
        this.call(step, (call) => call.observation === undefined).observation = event.text;
        break;
      case "final-answer":
        step.thought = event.thought;
        step.finalAnswer = event.answer;
        break;
      default:
        return;
    }
    if (step !== undefined) this.changed(step);
  }

  /**
   * A person's decision on the call the run waits on, shown at once: a resumed run's
   * stream starts after the decision was applied.
   */
  decided(approved, note) {
    const waiting = this.lastAction;
    if (waiting === undefined) return;
    const call =
      waiting.step.calls.findLast((one) => one.tool === waiting.tool) ??
      this.call(waiting.step, () => false);
    const decision = approved ? "approved" : "declined";
    decide(call, { decision, asked: true, note, tool: waiting.tool });
    this.changed(waiting.step);
  }

  /** Draws what changed now, not at the next frame (the run ended, the tab is hidden). */
  flush() {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    for (const step of this.dirty) this.draw(step);
    this.dirty.clear();
    this.element.setAttribute("aria-busy", "false");
  }

  step(number) {
    let step = this.steps.get(number);
    if (step === undefined) {
      step = { number, streamed: "", streaming: false, calls: [], node: element("div") };
      this.steps.set(number, step);
      this.element.insertBefore(step.node, this.notes);
    }
    return step;
  }

  /** The step's first call that `wanted` picks, its last call, or a new one for the event. */
  call(step, wanted) {
    const call = step.calls.find(wanted) ?? step.calls.at(-1);
    if (call !== undefined) return call;
    const added = {};
    step.calls.push(added);
    return added;
  }

  note(text, kind = "note") {
    this.notes.append(element("li", { class: kind, "data-testid": kind }, displayText(text)));
  }

  changed(step) {
    this.dirty.add(step);
    this.frame ??= requestAnimationFrame(() => {
      this.frame = undefined;
      this.flush();
    });
  }

  draw(step) {
    const next = stepNode(step);
    step.node.replaceWith(next);
    step.node = next;
  }
}

function decide(call, event) {
  call.approval = approvalText(event);
  call.declined = event.decision !== "approved";
}

/** What became of a call that waited for approval, in a few words (the terminal's text). */
function approvalText(event) {
  if (event.decision === "approved") {
    return event.always ? `approved, with every later call of ${event.tool}` : "approved";
  }
  if (!event.asked) return "declined: no one to ask";
  return event.note ? `declined: "${event.note}"` : "declined";
}
