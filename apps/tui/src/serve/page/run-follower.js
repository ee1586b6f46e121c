// A run followed in its turn of the conversation: its events as they come, then how it
// ended (the answer, the approval card of a paused run, an error, the cost line). One run
// at a time is followed; a paused run is remembered for the chat, so that the card comes
// back after a reload.

import { storage } from "./tab-storage.js";
import { Turn } from "./turn.js";
import { ApiError } from "./wire.js";

const pausedKey = (chat) => `langchain-mini.paused.${chat}`;

export class RunFollower {
  /** `onChange(run)`: the run followed now changed (undefined: none). */
  constructor(api, authorized, onChange) {
    this.api = api;
    this.authorized = authorized;
    this.onChange = onChange;
    this.current = undefined;
  }

  /** The run followed now: `{turn, controller, runId?}`, or undefined. */
  get running() {
    return this.current;
  }

  /** Stops following (the run goes on at the server). */
  stop() {
    this.current?.controller.abort();
    this.set(undefined);
  }

  ask(turn, question, chat) {
    return this.settle(turn, chat, (signal) => this.api.ask(question, chat, signal));
  }

  /**
   * The chat's run that was going when the page opened, from its first event. A run that
   * paused and was taken up again has its paused part first in its feed: past that, the
   * reading goes on after it.
   */
  async attach(turn, runId, chat) {
    turn.runId = runId;
    let after = 0;
    for (;;) {
      const part = await this.follow(turn, (signal) => this.api.events(runId, signal, after));
      if (part === undefined) return;
      after += part.read;
      const pausedBefore =
        part.result?.status === "paused" && (await this.status(runId)) === "running";
      if (!pausedBefore) return this.finish(turn, part, chat);
    }
  }

  /** The chat's run that waits on a decision, as the page left it: its card again. */
  async restorePaused(chat, conversation) {
    const runId = storage.get(pausedKey(chat));
    if (runId === null) return;
    const summary = await this.summary(runId);
    if (summary?.status !== "paused" || !summary.waitingOn) {
      storage.remove(pausedKey(chat));
      return;
    }
    const turn = new Turn(summary.question ?? "");
    turn.runId = runId;
    conversation.append(turn.element);
    turn.showApproval(summary.waitingOn, (approved, note) =>
      this.decide(turn, approved, note, chat),
    );
  }

  async cancel() {
    const run = this.current;
    if (run?.runId === undefined) return;
    try {
      await this.authorized(() => this.api.cancel(run.runId));
    } catch (failure) {
      run.turn.showStatus(failure.message, "error");
      this.onChange(this.current);
    }
  }

  async settle(turn, chat, open, controller) {
    const part = await this.follow(turn, open, controller);
    if (part !== undefined) await this.finish(turn, part, chat);
  }

  /** Reads a run's stream into its turn: `{result, error, read}`, undefined if stopped. */
  async follow(turn, open, controller = new AbortController()) {
    this.set({ turn, controller, runId: turn.runId });
    const part = { result: undefined, error: undefined, read: 0 };
    try {
      const stream = await this.authorized(() => open(controller.signal));
      turn.runId = stream.runId ?? turn.runId;
      this.set({ turn, controller, runId: turn.runId });
      for await (const event of stream.events) {
        part.read++;
        if (event.type === "run-start") {
          turn.runId = event.runId;
          if (event.question) turn.showQuestion(event.question);
          this.set({ turn, controller, runId: turn.runId });
        } else if (event.type === "final-answer") turn.showAnswer(event.answer);
        else if (event.type === "error" && event.error?.code !== "run_paused")
          part.error = event.error;
        else if (event.type === "run-end") part.result = event.result;
        turn.trace().apply(event);
      }
    } catch (failure) {
      if (controller.signal.aborted) return undefined;
      part.error = failure;
    } finally {
      turn.view?.flush();
      if (this.current?.controller === controller) this.set(undefined);
    }
    return part;
  }

  async finish(turn, { result, error }, chat) {
    if (result === undefined) {
      const message =
        error?.message ?? "The run's stream ended early: reload the page to see the run";
      turn.showStatus(message, "error");
      return;
    }
    if (result.status === "answered" && typeof result.answer === "string") {
      turn.showAnswer(result.answer);
    } else if (result.status === "paused") {
      const call = turn.view?.lastAction ?? (await this.summary(turn.runId))?.waitingOn;
      if (call) {
        storage.set(pausedKey(chat), turn.runId);
        turn.showApproval(call, (approved, note) => this.decide(turn, approved, note, chat));
      } else turn.showStatus(result.error?.message ?? "The run is paused", "error");
    } else if (result.status === "aborted") {
      turn.showStatus("The run was cancelled", "error");
    } else {
      turn.showStatus(
        result.error?.message ?? error?.message ?? `The run ended ${result.status}`,
        "error",
      );
    }
    turn.showCost(turn.view?.stepCount ?? 0, result);
  }

  /** Approves or denies the call a paused run waits on; true once the card is done. */
  async decide(turn, approved, note, chat) {
    const body = note === "" ? undefined : note;
    const controller = new AbortController();
    const send = approved ? this.api.approve : this.api.deny;
    let stream;
    try {
      // The server's answer (or refusal) comes before the stream: wait for it, then follow.
      stream = await this.authorized(() => send(turn.runId, body, controller.signal));
    } catch (failure) {
      turn.showStatus(failure.message, "error");
      // Decided elsewhere (another tab, the CLI): the card has nothing left to decide.
      const done = failure instanceof ApiError && failure.status === 409;
      if (done) storage.remove(pausedKey(chat));
      return done;
    }
    storage.remove(pausedKey(chat));
    turn.closeApproval();
    turn.trace().decided(approved, body);
    void this.settle(turn, chat, async () => stream, controller);
    return true;
  }

  async summary(runId) {
    try {
      return await this.authorized(() => this.api.run(runId));
    } catch {
      return undefined;
    }
  }

  async status(runId) {
    return (await this.summary(runId))?.status;
  }

  set(run) {
    this.current = run;
    this.onChange(run);
  }
}
