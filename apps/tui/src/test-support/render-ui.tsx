import { DEFAULT_MAX_STEPS, type Tool } from "@langchain-mini/core";
import {
  ScriptedLlm,
  type ScriptedLlmOptions,
  type ScriptedReply,
} from "@langchain-mini/core/testing";
import { createSession, type Runtime, Secrets } from "@langchain-mini/host";
import { InMemorySessionStore, type SessionStore } from "@langchain-mini/memory";
import { createCalculator } from "@langchain-mini/tool-calculator";
import { Box } from "ink";
import { cleanup, render } from "ink-testing-library";
import type { ReactElement } from "react";
import { afterEach } from "vitest";
import type { ChatService } from "../ui/chat-service.js";
import { loadDeferredParts } from "../ui/components/deferred-parts.js";

/** Keys as a terminal sends them. */
export const KEYS = {
  enter: "\r",
  escape: "\u001b",
  tab: "\t",
  up: "\u001b[A",
  down: "\u001b[B",
  pageUp: "\u001b[5~",
  pageDown: "\u001b[6~",
  backspace: "\u007f",
  ctrlC: "\u0003",
  ctrlO: "\u000f",
} as const;

export interface RenderedUi {
  /** The last frame drawn, colours removed. */
  readonly frame: () => string;
  /** The last frame drawn, colours kept. */
  readonly rawFrame: () => string;
  /** Everything written to the terminal so far (frames and any sequence sent directly). */
  readonly output: () => string;
  /** Sends keys one at a time, as typing does. */
  readonly press: (...keys: string[]) => Promise<void>;
  readonly type: (text: string) => Promise<void>;
  /** Waits until the frame contains `text` (or matches); fails with the frame when it never does. */
  readonly waitFor: (text: string | RegExp, timeoutMs?: number) => Promise<string>;
  readonly resize: (columns: number, rows: number) => Promise<void>;
  readonly unmount: () => void;
}

const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

// Every test starts with no app left running from the one before.
afterEach(cleanup);

/**
 * The one way UI tests draw a component: ink-testing-library at a chosen terminal size,
 * with helpers to type, press keys, wait for text and resize.
 */
export async function renderUi(
  tree: ReactElement,
  { columns = 120, rows = 30 }: { columns?: number; rows?: number } = {},
): Promise<RenderedUi> {
  // As the app has them once a question is asked: every part draws at once.
  await loadDeferredParts();
  const size = { columns, rows };
  // ink-testing-library's stdout is always 100 columns with no rows: a box of the chosen
  // width lays the tree out, and the stream reports the size to what reads it (useWindowSize).
  const sized = () => <Box width={size.columns}>{tree}</Box>;
  const instance = render(sized());
  Object.defineProperty(instance.stdout, "columns", { get: () => size.columns });
  Object.defineProperty(instance.stdout, "rows", { get: () => size.rows });
  const rawFrame = () => instance.lastFrame() ?? "";
  const frame = () => rawFrame().replace(ANSI, "");
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  const resize = async (newColumns: number, newRows: number) => {
    size.columns = newColumns;
    size.rows = newRows;
    instance.rerender(sized());
    instance.stdout.emit("resize");
    await settle();
  };
  await resize(columns, rows);

  return {
    frame,
    rawFrame,
    output: () => instance.frames.join(""),
    async press(...keys) {
      for (const key of keys) {
        instance.stdin.write(key);
        await settle();
      }
    },
    async type(text) {
      instance.stdin.write(text);
      await settle();
    },
    async waitFor(text, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      const found = () => (typeof text === "string" ? frame().includes(text) : text.test(frame()));
      while (!found()) {
        if (Date.now() > deadline) {
          throw new Error(`Timed out waiting for ${String(text)} in the frame:\n${frame()}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return frame();
    },
    resize,
    unmount: () => instance.unmount(),
  };
}

/** A chat over the real agent, memory and calculator, with a scripted LLM (replies stream in chunks). */
export function scriptedChat(
  replies: readonly ScriptedReply[],
  options: ScriptedLlmOptions & {
    maxSteps?: number;
    tools?: readonly Tool[];
    store?: SessionStore;
  } = {},
): ChatService {
  return chatOver(
    {
      llm: new ScriptedLlm(replies, options),
      tools: [...(options.tools ?? [createCalculator()])],
      maxSteps: options.maxSteps ?? DEFAULT_MAX_STEPS,
      agentMode: "react",
      constrained: false,
      notices: [],
      close: async () => undefined,
    },
    options.store,
  );
}

/** A chat (the host's session) over a runtime made by hand, its conversation in `store`. */
export function chatOver(runtime: Runtime, store: SessionStore = new InMemorySessionStore()) {
  return createSession({ runtime, store, secrets: new Secrets({}) });
}
