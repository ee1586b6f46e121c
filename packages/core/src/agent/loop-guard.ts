/**
 * Notices a model that repeats one action with one input: the third time in a row it is
 * told so instead of the tool running again; the fourth time the run stops.
 */
export class LoopGuard {
  #lastKey = "";
  #count = 0;

  /** Records an action and says what to do with it. */
  check(tool: string, input: string): "run" | "warn" | "stop" {
    const key = `${tool.trim().toLowerCase()}\u0000${input.trim()}`;
    this.#count = key === this.#lastKey ? this.#count + 1 : 1;
    this.#lastKey = key;
    if (this.#count >= 4) return "stop";
    return this.#count === 3 ? "warn" : "run";
  }
}

export function repeatedActionObservation(tool: string, input: string) {
  return `You have already run ${tool} with the input "${input}" twice in a row and got the observation above. Do not repeat it: use what you observed, try a different input or tool, or give the Final Answer.`;
}
