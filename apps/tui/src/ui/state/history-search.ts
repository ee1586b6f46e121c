/** Ctrl+R on the question line: a search of earlier questions, newest first. */
export interface HistorySearch {
  readonly query: string;
  /** The question that matches, by its place in the history; undefined: none does. */
  readonly index: number | undefined;
}

export type SearchEdit =
  /** Ctrl+R: start searching, or go to the next older match. */
  | { readonly type: "search" }
  | { readonly type: "search-type"; readonly text: string }
  | { readonly type: "search-erase" }
  /** Enter (or a movement key): the match becomes the line, to edit or send. */
  | { readonly type: "search-accept" }
  /** Esc: the line as it was. */
  | { readonly type: "search-cancel" };

/** The newest question before `before` that contains `query`, ignoring case. */
function olderMatch(history: readonly string[], query: string, before: number) {
  const wanted = query.toLowerCase();
  for (let index = Math.min(before, history.length) - 1; index >= 0; index--) {
    if ((history[index] as string).toLowerCase().includes(wanted)) return index;
  }
  return undefined;
}

export function searched(
  history: readonly string[],
  search: HistorySearch | undefined,
  edit: SearchEdit,
): HistorySearch | undefined {
  const end = history.length;
  switch (edit.type) {
    case "search": {
      if (!search) return { query: "", index: undefined };
      if (!search.query) return search;
      const older = olderMatch(history, search.query, search.index ?? end);
      return older === undefined ? search : { ...search, index: older };
    }
    case "search-type": {
      const query = (search?.query ?? "") + edit.text.replace(/[\r\n]+/g, " ");
      // The match stays while it still contains what is typed, as in a shell.
      return { query, index: olderMatch(history, query, (search?.index ?? end - 1) + 1) };
    }
    case "search-erase": {
      const query = (search?.query ?? "").slice(0, -1);
      return { query, index: query ? olderMatch(history, query, end) : undefined };
    }
    case "search-accept":
    case "search-cancel":
      return undefined;
    default:
      edit satisfies never;
      return search;
  }
}
