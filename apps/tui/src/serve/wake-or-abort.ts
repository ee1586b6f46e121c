/**
 * Registers a one-shot waker with `register` (which returns how to take it back) and waits
 * for it or for the signal, whichever comes first: true when woken, false when the signal
 * ended the wait. Whatever did not fire is taken back, so a reader that waits many times
 * on one long-lived signal (a client's connection) leaves no listener and no waker behind.
 */
export function wakeOrAbort(
  register: (wake: () => void) => () => void,
  signal: AbortSignal,
): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise<boolean>((resolve) => {
    let unregister: (() => void) | undefined;
    const onAbort = () => {
      unregister?.();
      resolve(false);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    unregister = register(() => {
      signal.removeEventListener("abort", onAbort);
      resolve(true);
    });
  });
}
