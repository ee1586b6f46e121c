// Types of markdown-inline.js (plain browser JavaScript, also imported by its tests).

export type Inline =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "code"; readonly text: string }
  | { readonly type: "strong" | "em" | "span"; readonly children: Inline[] }
  | { readonly type: "link"; readonly href: string; readonly children: Inline[] };

export function safeHref(href: string): string | undefined;
export function parseInline(text: string): Inline[];
