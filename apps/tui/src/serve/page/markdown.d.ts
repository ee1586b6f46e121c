// Types of markdown.js (plain browser JavaScript, also imported by its tests).

import type { Inline } from "./markdown-inline.js";

export type Block =
  | { readonly type: "heading"; readonly level: number; readonly children: Inline[] }
  | { readonly type: "paragraph"; readonly children: Inline[] }
  | { readonly type: "code"; readonly language: string; readonly text: string }
  | { readonly type: "quote"; readonly children: Block[] }
  | { readonly type: "rule" }
  | {
      readonly type: "list";
      readonly ordered: boolean;
      readonly start: number;
      readonly loose: boolean;
      readonly items: Block[][];
    }
  | {
      readonly type: "table";
      readonly align: string[];
      readonly header: Inline[][];
      readonly rows: Inline[][][];
    };

export function parseMarkdown(text: string): Block[];
