import type { SessionRecord, SessionStore, TurnRecord } from "@langchain-mini/core";
import type { SessionStoreContractOptions } from "./store-check.js";

export type Open = Pick<SessionStoreContractOptions, "open" | "newLocation">;

/** Runs `work` on a store at a fresh location, and closes it however `work` ends. */
export async function withStore(
  options: Open,
  work: (store: SessionStore, location: string) => Promise<void>,
) {
  const location = await options.newLocation();
  const store = await options.open(location);
  try {
    await work(store, location);
  } finally {
    await store.close?.();
  }
}

/** Opens the store at `location` again (as another process would) for `work`. */
export async function reopened(
  options: Open,
  location: string,
  work: (store: SessionStore) => Promise<void>,
) {
  const store = await options.open(location);
  try {
    await work(store);
  } finally {
    await store.close?.();
  }
}

export function turn(question: string, answer = `the answer to ${question}`): TurnRecord {
  return { type: "turn", question, answer, at: new Date().toISOString() };
}

export function summary(text: string, coveredTurns: number): SessionRecord {
  return { type: "summary", summary: text, coveredTurns, at: new Date().toISOString() };
}

/** Lets the clock move on, so that the next write's time is later than the last one's. */
export async function nextMoment() {
  const start = Date.now();
  // File systems stamp times with a coarse clock (a few milliseconds).
  while (Date.now() - start < 30) await new Promise((resolve) => setTimeout(resolve, 10));
}
