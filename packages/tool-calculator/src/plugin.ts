import type { CreateToolOptions, Tool } from "@langchain-mini/core";
import { createCalculator } from "./calculator.js";

// The plug-in contract of @langchain-mini/core: what a host knows before calling createTools.

export const description = "arithmetic on numbers (expr-eval-fork), nothing else";

export function createTools(_options: CreateToolOptions): readonly Tool[] {
  return [createCalculator()];
}
