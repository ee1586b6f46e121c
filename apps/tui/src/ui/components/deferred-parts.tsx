import { type ComponentProps, type ReactNode, useEffect, useState } from "react";
import type { Markdown as MarkdownNow } from "../markdown/markdown.js";
import type { ApprovalPrompt as ApprovalPromptNow } from "./approval-prompt.js";
import type { DownloadScreen as DownloadScreenNow } from "./download-screen.js";
import type { PromptInspector as PromptInspectorNow } from "./prompt-inspector.js";
import { Prose } from "./prose.js";
import type { RunTrace as RunTraceNow } from "./run-trace.js";
import type { SessionPickerView as SessionPickerViewNow } from "./session-picker.js";

type Drawn<Props> = (props: Props) => ReactNode;

interface Deferred<Props> extends Drawn<Props> {
  /** Loads the part, if it has not been: from then on it draws at once. */
  readonly load: () => Promise<unknown>;
}

/**
 * The parts of the chat its first frame does not draw: an answer's Markdown, /help, a
 * run's trace, the prompt inspector, the session picker, an approval (and, before the
 * chat, a download's progress). They load when the first question is asked, before its
 * run's first event is drawn (loading them right after the first frame held up the first
 * keys typed), or when first drawn before that (/help), drawing a fallback meanwhile; from
 * then on a part draws at once, as if imported.
 */
function deferred<Props extends object>(
  load: () => Promise<Drawn<Props>>,
  fallback: Drawn<Props> = () => null,
): Deferred<Props> {
  let part: Drawn<Props> | undefined;
  let loading: Promise<unknown> | undefined;
  const loadPart = () =>
    (loading ??= load().then((loaded) => {
      part = loaded;
    }));
  // biome-ignore lint/correctness/noComponentHookFactories: each part's component is made once, at module level, so React sees one stable component per part.
  function Deferred(props: Props) {
    const [, setLoaded] = useState(false);
    useEffect(() => {
      if (part) return;
      let mounted = true;
      // A part that cannot load leaves its fallback, as Markdown without its parser does.
      loadPart().then(
        () => mounted && setLoaded(true),
        () => {},
      );
      return () => {
        mounted = false;
      };
    }, []);
    const Part = part;
    return Part ? <Part {...props} /> : fallback(props);
  }
  return Object.assign(Deferred, { load: loadPart });
}

/** Until it loads, an answer shows as written. */
export const Markdown = deferred<ComponentProps<typeof MarkdownNow>>(
  async () => (await import("../markdown/markdown.js")).Markdown,
  ({ text }) => <Prose>{text}</Prose>,
);
export const HelpTable = deferred<object>(async () => (await import("./help-table.js")).HelpTable);
export const RunTrace = deferred<ComponentProps<typeof RunTraceNow>>(
  async () => (await import("./run-trace.js")).RunTrace,
);
export const PromptInspector = deferred<ComponentProps<typeof PromptInspectorNow>>(
  async () => (await import("./prompt-inspector.js")).PromptInspector,
);
export const SessionPickerView = deferred<ComponentProps<typeof SessionPickerViewNow>>(
  async () => (await import("./session-picker.js")).SessionPickerView,
);
export const ApprovalPrompt = deferred<ComponentProps<typeof ApprovalPromptNow>>(
  async () => (await import("./approval-prompt.js")).ApprovalPrompt,
);

export const DownloadScreen = deferred<ComponentProps<typeof DownloadScreenNow>>(
  async () => (await import("./download-screen.js")).DownloadScreen,
);

/**
 * Loads every deferred part, and the Markdown parser (marked) an answer is drawn with;
 * one that fails keeps its fallback.
 */
export async function loadDeferredParts(): Promise<void> {
  const parts = [
    Markdown,
    HelpTable,
    RunTrace,
    PromptInspector,
    SessionPickerView,
    ApprovalPrompt,
    DownloadScreen,
  ];
  const parser = import("../markdown/lexer.js").then(({ loadMarkdown }) => loadMarkdown());
  await Promise.allSettled([parser, ...parts.map((part) => part.load())]);
}
