import type { SessionStore } from "@langchain-mini/core";

export interface SessionStoreContractOptions {
  /** Opens the store kept at `location`, in this process. */
  open(location: string): SessionStore | Promise<SessionStore>;
  /**
   * A location no other check uses and nothing has written to yet: a new temporary
   * directory, a new key prefix. Called once per check.
   */
  newLocation(): string | Promise<string>;
  /**
   * An ES module (an absolute path or a `file:` URL) whose export `open(location)` does
   * what `open` does, for the check that appends from several processes at once. A store
   * that lives inside one process leaves it out, and that check with it.
   */
  processModule?: string;
  /**
   * A store whose backend cannot be used (a server that is down, a directory that is a
   * file), for the failure checks. Without it they are left out.
   */
  openBroken?(): SessionStore | Promise<SessionStore>;
  /**
   * The store keeps run journals (`runs`): their checks are added (records, listing,
   * deletion, ids, leases, and with `processModule` appends and lease swaps from several
   * processes). A check fails when this does not match the store.
   */
  runs?: boolean;
}

/** One check of the contract: run it with any test runner (give it a minute). */
export interface StoreCheck {
  readonly name: string;
  run(): Promise<void>;
}
