import type { RuntimeOptions, SessionOptions } from "@langchain-mini/host";

/** What every case runs with unless it says otherwise: `ask`'s flags (and `--trace`). */
export type CaseRuntime = Omit<RuntimeOptions, "llm" | "wrapLlm" | "pauseApprovals"> &
  Pick<SessionOptions, "trace">;
