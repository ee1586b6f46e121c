/** A story as the Algolia search endpoint returns it; any field may be missing. */
export interface Hit {
  readonly objectID?: string;
  readonly title?: string | null;
  readonly url?: string | null;
  readonly points?: number | null;
  readonly num_comments?: number | null;
  readonly created_at?: string | null;
}

/** A comment in the Algolia items tree. */
export interface CommentNode {
  readonly text?: string | null;
  readonly children?: readonly CommentNode[];
}

/** `1. Title (321 points, 45 comments, 2024-03-01) link` and, indented, its top comment. */
export function formatStory(hit: Hit, position: number, comment: string) {
  const link = hit.url || `https://news.ycombinator.com/item?id=${hit.objectID ?? ""}`;
  const facts = [
    `${hit.points ?? 0} points`,
    typeof hit.num_comments === "number" ? `${hit.num_comments} comments` : "",
    hit.created_at?.slice(0, 10) ?? "",
  ].filter(Boolean);
  const title = plainText(hit.title ?? "") || "(untitled)";
  const line = `${position}. ${title} (${facts.join(", ")}) ${link}`;
  return comment ? `${line}\n   Top comment: ${comment}` : line;
}

/**
 * Algolia lists a story's comments by date, not in Hacker News' ranked order, so the
 * first one is merely the oldest. The top-level comment that drew the most replies is
 * the closest stand-in for the top comment; deleted and dead ones have no text.
 */
export function topComment(children: readonly CommentNode[], maxLength = 200) {
  let best: CommentNode | undefined;
  let bestReplies = -1;
  for (const child of children) {
    if (!child.text) continue;
    const replies = countReplies(child);
    if (replies > bestReplies) {
      best = child;
      bestReplies = replies;
    }
  }
  const text = plainText(best?.text ?? "");
  return text.length <= maxLength ? text : `${text.slice(0, maxLength - 1).trimEnd()}…`;
}

function countReplies(node: CommentNode): number {
  let count = 0;
  // Iterative: a long thread must not overflow the stack.
  const pending = [...(node.children ?? [])];
  for (let next = pending.pop(); next; next = pending.pop()) {
    count += 1;
    pending.push(...(next.children ?? []));
  }
  return count;
}

const entities = new Map([
  ["amp", "&"],
  ["lt", "<"],
  ["gt", ">"],
  ["quot", '"'],
  ["apos", "'"],
]);

/**
 * Code points an entity must not become: C0 and C1 controls (escape sequences), bidi
 * overrides and isolates, zero-width characters. `&#27;` stays the text it is.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/;

/** Hacker News text is HTML: paragraphs, links, italics and entities. */
export function plainText(html: string) {
  return html
    .replace(/<p>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== "#") return entities.get(name.toLowerCase()) ?? whole;
      const code =
        name[1] === "x" || name[1] === "X"
          ? Number.parseInt(name.slice(2), 16)
          : Number(name.slice(1));
      if (!(code > 0 && code <= 0x10ffff)) return whole;
      const character = String.fromCodePoint(code);
      return UNSAFE.test(character) ? whole : character;
    })
    .replace(/\s+/g, " ")
    .trim();
}
