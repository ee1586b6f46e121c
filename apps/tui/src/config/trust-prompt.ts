import { createInterface } from "node:readline/promises";

/**
 * Asks a yes-or-no question on the terminal (stderr: stdout is the answer's); true only
 * for y or yes. Ctrl+C stops the command, as anywhere else; the end of input is a no.
 */
export async function askYesOrNo(
  question: string,
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<boolean> {
  const lines = createInterface({ input, output, terminal: true });
  lines.on("SIGINT", () => process.kill(process.pid, "SIGINT"));
  const ended = new Promise<string>((resolve) => lines.once("close", () => resolve("")));
  try {
    const answer = await Promise.race([lines.question(question), ended]);
    return /^(y|yes)$/i.test(answer.trim());
  } finally {
    lines.close();
  }
}
