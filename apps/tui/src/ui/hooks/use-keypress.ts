import { type Key, useInput, useStdin } from "ink";

/**
 * The app's one keypress subscription. Ink fails ("Raw mode is not supported") when it
 * listens on a stdin that is not a terminal, so input is only taken where it can be.
 */
export function useKeypress(handler: (input: string, key: Key) => void) {
  const { isRawModeSupported } = useStdin();
  useInput(handler, { isActive: isRawModeSupported });
}
