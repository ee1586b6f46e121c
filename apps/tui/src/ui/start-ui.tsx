import { type HostContext, setupSettings } from "@langchain-mini/host";
import { type RenderOptions, render } from "ink";
import { isChatEnd } from "./chat-end.js";
import type { ChatService, OpenedSession } from "./chat-service.js";
import { App } from "./components/app.js";
import type { LocalModelOffer } from "./local-model-offer.js";

/**
 * Draws the chat full-screen (the alternate screen, as vim and htop do) until the user
 * quits; resolves with the exit status. Only called on a terminal: `interactive` is set
 * so that a CI variable in the environment cannot turn the live UI into a last frame.
 * Back on the normal screen, the conversation is printed there (`transcript`), so that
 * it stays in the scrollback as other terminal agents leave theirs.
 */
export async function startChat(
  service: ChatService,
  opened?: OpenedSession,
  { transcript = true }: { readonly transcript?: boolean } = {},
): Promise<number> {
  const instance = render(<App service={service} opened={opened} />, CHAT_RENDER_OPTIONS);
  const end = await instance.waitUntilExit();
  if (!isChatEnd(end)) return exitStatus(end);
  if (transcript) {
    const [{ transcriptText }, { loadMarkdown }] = await Promise.all([
      import("./components/transcript.js"),
      import("./markdown/lexer.js"),
    ]);
    await loadMarkdown();
    process.stdout.write(transcriptText(end.conversation, process.stdout.columns || 80));
  }
  return end.status;
}

/** How the chat is drawn; the rendering benchmark draws with the same. */
export const CHAT_RENDER_OPTIONS = {
  // Ctrl+C is the app's own key: it asks first while a question runs.
  exitOnCtrlC: false,
  alternateScreen: true,
  interactive: true,
  // Only changed lines are rewritten, inside synchronized-output brackets: no flicker.
  incrementalRendering: true,
  maxFps: 30,
  // The app routes console lines itself (to the trace): never over the screen.
  patchConsole: false,
} as const satisfies RenderOptions;

/**
 * The set-up screen stays on the normal screen, so what to set is still there after it
 * quits. Resolves with the exit status, or "download" when the user took the offer.
 */
export async function startSetup(
  reason: string,
  host: HostContext,
  offer?: LocalModelOffer,
): Promise<number | "download"> {
  const [{ SetupScreen }, { untilExit }] = await Promise.all([
    import("./components/setup-screen.js"),
    import("./until-exit.js"),
  ]);
  const { settings, toolSettings } = await setupSettings(host);
  const screen = (
    <SetupScreen reason={reason} settings={settings} toolSettings={toolSettings} offer={offer} />
  );
  const instance = render(screen, {
    exitOnCtrlC: false,
    interactive: true,
    // The app routes console lines itself (to the trace): never over the screen.
    patchConsole: false,
  });
  const result = await untilExit(instance);
  return result === "download" ? result : exitStatus(result);
}

const exitStatus = (value: unknown) => (typeof value === "number" ? value : 0);
