import type { Instance } from "ink";

const STOP_SIGNALS = ["SIGINT", "SIGTERM"] as const;

/**
 * Waits until an Ink screen exits, or a stop signal comes: then the screen goes as when
 * the user quits (raw mode off, the alternate screen left) at once, and the process ends
 * with the signal's status (stop-signals.ts). In raw mode Ctrl+C is a key, not SIGINT.
 */
export async function untilExit(instance: Instance): Promise<unknown> {
  const unmount = () => instance.unmount();
  for (const signal of STOP_SIGNALS) process.once(signal, unmount);
  try {
    return await instance.waitUntilExit();
  } finally {
    for (const signal of STOP_SIGNALS) process.off(signal, unmount);
  }
}
