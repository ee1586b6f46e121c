/** What a host may pass to every store call. */
export interface StoreCallOptions {
  /** Ends a call that waits on a remote store: the run was cancelled or ran out of time. */
  readonly signal?: AbortSignal;
  /**
   * Problems a call found and worked around (a bad entry of an index, skipped), one line
   * each, for the user to see; the call itself goes on.
   */
  readonly onWarning?: (message: string) => void;
}
