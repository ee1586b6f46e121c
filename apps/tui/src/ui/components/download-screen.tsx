import type { SetupProgress } from "@langchain-mini/core";
import { Box, Text } from "ink";
import { formatBytes, progressLine } from "../../render/download-progress.js";
import { useKeypress } from "../hooks/use-keypress.js";
import { colours } from "./theme.js";

export interface DownloadScreenProps {
  /** The file being downloaded, e.g. qwen2.5-1.5b-instruct-q4_k_m.gguf. */
  readonly name: string;
  readonly progress: SetupProgress;
  readonly elapsedMs: number;
  /** The download is complete: the last frame says so instead of how to stop. */
  readonly done?: boolean;
  /** Esc or Ctrl+C: stop; the part already on disk is resumed next time. */
  readonly onCancel: () => void;
}

/** A model download before the chat starts: a progress bar, and how to stop it. */
export function DownloadScreen({
  name,
  progress,
  elapsedMs,
  done = false,
  onCancel,
}: DownloadScreenProps) {
  useKeypress((input, key) => {
    if (key.escape || (key.ctrl && input === "c")) onCancel();
  });
  const resumedFrom = progress.resumedFrom ?? 0;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={colours.focus} paddingX={1}>
      <Text bold>Downloading {name}</Text>
      <Text color={colours.focus}>{progressLine(progress, elapsedMs)}</Text>
      {resumedFrom > 0 && (
        <Text dimColor>resumed at {formatBytes(resumedFrom)} from an earlier download</Text>
      )}
      <Text dimColor>
        {done
          ? `Downloaded in ${(elapsedMs / 1000).toFixed(1)} s; next time it starts at once.`
          : "Esc stops; the next start resumes where this one stopped."}
      </Text>
    </Box>
  );
}
