// Types of text.js (plain browser JavaScript, also imported by its tests).

export function displayText(text: string): string;
export function visibleText(text: string): string;
export function oneLine(text: string): string;
export interface CompletionParts {
  readonly thought: string;
  readonly action?: string;
  readonly actionInput?: string;
  readonly finalAnswer?: string;
}
export function splitCompletion(completion: string): CompletionParts;
export function formatCost(dollars: number): string;
export function runSummaryText(
  steps: number,
  result: {
    readonly durationMs: number;
    readonly usage: { readonly inputTokens: number; readonly outputTokens: number };
    readonly cost?: number;
  },
): string;
