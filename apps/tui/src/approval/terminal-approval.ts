import { createInterface } from "node:readline/promises";
import { styleText } from "node:util";
import type { ApprovalDecision, ApprovalRequest, Approve } from "@langchain-mini/core";
import { visibleText } from "@langchain-mini/host";
import { formatToolInput } from "./format-input.js";

interface TerminalApprovalOptions {
  readonly input: NodeJS.ReadableStream;
  /** Where the question is written: `ask` keeps stdout for the answer. */
  readonly output: NodeJS.WriteStream;
  /** Lets the trace written so far out first, so the question comes after the call's Action. */
  readonly beforeAsking?: () => Promise<void>;
}

/**
 * `ask` on a terminal: each call that waits for approval is shown on stderr with its
 * input, and the user answers y (or Enter) to run it, a to run it and every later call
 * of that tool, or n to decline, then an optional note for the model.
 */
export function createTerminalApproval(options: TerminalApprovalOptions): Approve {
  const { output } = options;
  const always = new Set<string>();
  const paint = (style: Parameters<typeof styleText>[0], text: string) =>
    styleText(style, text, { stream: output });

  return async (request) => {
    if (always.has(request.tool)) return { approved: true, always: true };
    await options.beforeAsking?.();
    // Tool names and origins come from plug-ins and MCP servers: foreign text, shown
    // whole, as is the input (the host labels only the user's own secrets in it): the
    // person approves exactly what will run.
    const tool = visibleText(request.tool);
    const origin = request.origin ? ` (${visibleText(request.origin)})` : "";
    const shown = formatToolInput(request.input);
    output.write(`${paint(["bold", "yellow"], `Run ${tool}${origin}?`)}\n`);
    output.write(`${shown.replace(/^/gm, "  ")}\n`);
    const decision = await ask(options, request, tool);
    if (decision.approved && decision.always) always.add(request.tool);
    return decision;
  };
}

async function ask(
  options: TerminalApprovalOptions,
  request: ApprovalRequest,
  tool: string,
): Promise<ApprovalDecision> {
  const lines = createInterface({ input: options.input, output: options.output, terminal: true });
  // Ctrl+C at the question cancels the run, as it does anywhere else in `ask`.
  lines.on("SIGINT", () => process.kill(process.pid, "SIGINT"));
  const { signal } = request;
  try {
    for (;;) {
      const answer = (await lines.question(`[y]es, [a]lways ${tool}, [n]o: `, { signal }))
        .trim()
        .toLowerCase();
      if (answer === "" || answer === "y" || answer === "yes") return { approved: true };
      if (answer === "a" || answer === "always") return { approved: true, always: true };
      if (answer === "n" || answer === "no") {
        const note = (
          await lines.question("A note for the model (Enter for none): ", { signal })
        ).trim();
        return note ? { approved: false, note } : { approved: false };
      }
      options.output.write(
        "Answer y to run it, a to run it and every later call, or n to decline.\n",
      );
    }
  } finally {
    lines.close();
  }
}
