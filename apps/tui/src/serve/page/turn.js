// One turn of the conversation: the question, its run's steps, then the answer (Markdown),
// the approval card of a paused run, the run's cost line, or its error in one line.

import { element, renderMarkdown } from "./dom.js";
import { RunView } from "./run-view.js";
import { displayText, runSummaryText, visibleText } from "./text.js";

export class Turn {
  constructor(question) {
    this.runId = undefined;
    this.view = undefined;
    this.question = element("p", { class: "question-text" }, displayText(question));
    this.element = element(
      "article",
      { class: "turn", "data-testid": "turn" },
      element("div", { class: "question", "data-testid": "question" }, this.question),
    );
    this.answer = undefined;
    this.approval = undefined;
    this.cost = undefined;
  }

  /** The run's trace, made when its first event comes. */
  trace() {
    if (this.view === undefined) {
      this.view = new RunView();
      this.element.append(this.view.element);
    }
    return this.view;
  }

  showQuestion(question) {
    this.question.textContent = displayText(question);
  }

  showAnswer(text) {
    const answer = element(
      "div",
      { class: "answer", "data-testid": "answer", "aria-label": "Answer" },
      renderMarkdown(text),
    );
    if (this.answer) this.answer.replaceWith(answer);
    else this.element.append(answer);
    this.answer = answer;
  }

  /** One line under the turn: the run's cost, or an error (role alert). */
  showStatus(text, kind) {
    const line = element(
      "p",
      { class: kind, "data-testid": kind, role: kind === "error" ? "alert" : undefined },
      displayText(text),
    );
    this.element.append(line);
    return line;
  }

  /** The run's cost line; a resumed run's replaces its paused part's (it counts both). */
  showCost(steps, result) {
    const line = this.showStatus(runSummaryText(steps, result), "cost");
    this.cost?.remove();
    this.cost = line;
  }

  /**
   * The card of a paused run: the call it waits on, a note field, Approve and Deny.
   * `decide(approved, note)` runs the decision; the card goes once it is taken.
   */
  showApproval(call, decide) {
    const note = element("input", {
      type: "text",
      name: "note",
      autocomplete: "off",
      "data-testid": "approval-note",
    });
    const approve = element(
      "button",
      { type: "button", class: "approve", "data-testid": "approve" },
      "Approve",
    );
    const deny = element(
      "button",
      { type: "button", class: "deny", "data-testid": "deny" },
      "Deny",
    );
    const card = element(
      "div",
      {
        class: "approval",
        role: "group",
        "aria-label": "Approval needed",
        "data-testid": "approval",
      },
      element(
        "p",
        { class: "approval-title" },
        element("strong", { "data-testid": "approval-tool" }, displayText(call.tool)),
        " waits for your approval",
        call.origin ? ` (${displayText(call.origin)})` : "",
      ),
      element(
        "pre",
        { class: "approval-input", "data-testid": "approval-input", "aria-label": "Input" },
        visibleText(call.input),
      ),
      element("label", {}, "Note for the model (optional) ", note),
      element("div", { class: "buttons" }, approve, deny),
    );
    const choose = (approved) => async () => {
      for (const control of [note, approve, deny]) control.disabled = true;
      const taken = await decide(approved, note.value.trim());
      if (taken) this.closeApproval();
      else for (const control of [note, approve, deny]) control.disabled = false;
    };
    approve.addEventListener("click", choose(true));
    deny.addEventListener("click", choose(false));
    this.closeApproval();
    this.approval = card;
    this.element.append(card);
    approve.focus();
  }

  closeApproval() {
    this.approval?.remove();
    this.approval = undefined;
  }
}
