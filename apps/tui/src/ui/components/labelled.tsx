import { Box, Text } from "ink";
import type { ReactNode } from "react";
import { Prose } from "./prose.js";

interface LabelledProps {
  readonly label: string;
  readonly colour: string;
  readonly children: ReactNode;
}

/** `Label: text`, the label bold in the kind's colour, as in the seeds' traces. */
export function Labelled({ label, colour, children }: LabelledProps) {
  return (
    <Box>
      {/* The label keeps its width (and its space) however much the text must wrap. */}
      <Box flexShrink={0}>
        <Text bold color={colour}>
          {`${label}: `}
        </Text>
      </Box>
      <Box flexShrink={1} flexDirection="column">
        {typeof children === "string" ? <Prose>{children}</Prose> : children}
      </Box>
    </Box>
  );
}
