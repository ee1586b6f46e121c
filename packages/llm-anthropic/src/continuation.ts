/**
 * A ReAct prompt ends with an open label such as `Thought:`, and a completion model
 * writes what follows it. A chat model answers in a turn of its own, so the label is
 * either sent as the start of that turn (an assistant prefill, which the model
 * continues) or, for models that refuse prefills, left in the user's message; the
 * reply then often opens by repeating the label. `Continuation` makes both read alike:
 * the text after the label, starting with a space or a line break.
 */

/** A prompt's last line when it is an open label: a few words and a colon. */
export function trailingLabel(prompt: string): string | undefined {
  const line = prompt.slice(prompt.lastIndexOf("\n") + 1);
  return /^[A-Za-z][A-Za-z ]{0,30}:$/.test(line) ? line : undefined;
}

export class Continuation {
  readonly #label: string;
  #pending = "";
  #settled = false;

  /** `label`: the open label the prompt ended with, undefined when it ended otherwise. */
  constructor(label: string | undefined) {
    this.#label = label ?? "";
    this.#settled = !label;
  }

  /** The text to emit for this delta; holds back the start of the reply until it is clear. */
  push(text: string): string {
    if (this.#settled) return text;
    this.#pending += text;
    const body = this.#pending.trimStart();
    const label = this.#label;
    // Still undecided: what has come so far could be the start of a repeated label.
    if (body.length < label.length && label.toLowerCase().startsWith(body.toLowerCase())) return "";
    this.#settled = true;
    const repeated = body.slice(0, label.length).toLowerCase() === label.toLowerCase();
    const rest = repeated ? body.slice(label.length) : this.#pending;
    this.#pending = "";
    return /^\s/.test(rest) || !rest ? rest : ` ${rest}`;
  }

  /** What is still held back when the reply ends. */
  flush(): string {
    if (this.#settled) return "";
    this.#settled = true;
    const rest = this.#pending;
    this.#pending = "";
    return rest.trimStart() ? ` ${rest.trimStart()}` : "";
  }
}
