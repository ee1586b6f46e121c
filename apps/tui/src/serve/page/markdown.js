// Markdown as a model writes it, read into a tree of plain objects: the page builds
// elements from the tree with text nodes only, so no text ever becomes markup. The common
// part of CommonMark and GitHub's tables; what it does not know stays text.

import { parseInline } from "./markdown-inline.js";

// Nested quotes and lists past this depth stay text: hostile input cannot exhaust the stack.
const MAX_DEPTH = 16;

const FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*([^`\s]*)/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
const ITEM = /^( {0,3})([-*+]|(\d{1,9})[.)])([ \t]+|$)/;
const TABLE_DELIMITER = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

const blank = (line) => line.trim() === "";

/** The blocks of a Markdown text: headings, paragraphs, code, lists, quotes, tables, rules. */
export function parseMarkdown(text) {
  return parseBlocks(String(text).replace(/\r\n?/g, "\n").split("\n"), 0);
}

function parseBlocks(lines, depth) {
  const blocks = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index];
    if (blank(line)) {
      index++;
      continue;
    }
    const read = readBlock(lines, index, depth);
    blocks.push(read.block);
    index = read.next;
  }
  return blocks;
}

/** The block that starts at `lines[start]`, and the index of the line after it. */
function readBlock(lines, start, depth) {
  const line = lines[start];
  const fence = FENCE.exec(line);
  if (fence) return readFence(lines, start, fence);
  const heading = HEADING.exec(line);
  if (heading) {
    const block = {
      type: "heading",
      level: heading[1].length,
      children: parseInline(heading[2] ?? ""),
    };
    return { block, next: start + 1 };
  }
  if (RULE.test(line)) return { block: { type: "rule" }, next: start + 1 };
  if (depth < MAX_DEPTH && QUOTE.test(line)) return readQuote(lines, start, depth);
  if (depth < MAX_DEPTH && ITEM.test(line)) return readList(lines, start, depth);
  if (isTableStart(lines, start)) return readTable(lines, start);
  return readParagraph(lines, start);
}

function readFence(lines, start, fence) {
  const marker = fence[1];
  const closing = new RegExp(`^ {0,3}${marker[0] === "`" ? "`" : "~"}{${marker.length},}[ \\t]*$`);
  let end = start + 1;
  while (end < lines.length && !closing.test(lines[end])) end++;
  const text = lines.slice(start + 1, end).join("\n");
  return { block: { type: "code", language: fence[2], text }, next: end + 1 };
}

function readQuote(lines, start, depth) {
  const inner = [];
  let index = start;
  while (index < lines.length && QUOTE.test(lines[index])) {
    inner.push(lines[index].replace(QUOTE, ""));
    index++;
  }
  return { block: { type: "quote", children: parseBlocks(inner, depth + 1) }, next: index };
}

function readList(lines, start, depth) {
  const first = ITEM.exec(lines[start]);
  const ordered = first[3] !== undefined;
  const items = [];
  let loose = false;
  let index = start;
  while (index < lines.length) {
    const marker = ITEM.exec(lines[index]);
    if (!marker || (marker[3] !== undefined) !== ordered) break;
    // Lines indented past the marker belong to the item (models are loose about how far).
    const contentIndent = marker[0].length + (marker[4] === "" ? 1 : 0);
    const belongs = (line) => leadingSpaces(line) >= 2 && leadingSpaces(line) > marker[1].length;
    const inner = [lines[index].slice(marker[0].length)];
    index++;
    while (index < lines.length) {
      const line = lines[index];
      if (blank(line)) {
        const next = lines[index + 1];
        if (next === undefined || !(blank(next) || belongs(next))) break;
        inner.push("");
      } else if (belongs(line)) {
        inner.push(line.slice(Math.min(contentIndent, leadingSpaces(line))));
      } else if (blank(lines[index - 1]) || ITEM.test(line) || startsBlock(line)) {
        break;
      } else {
        inner.push(line); // a lazy continuation of the item's paragraph
      }
      index++;
    }
    if (inner.some(blank)) loose = true;
    items.push(parseBlocks(inner, depth + 1));
    // A blank line between two items makes the list loose (its items are paragraphs).
    let after = index;
    while (after < lines.length && blank(lines[after])) after++;
    if (after > index && after < lines.length && sameList(lines[after], ordered)) {
      loose = true;
      index = after;
    }
  }
  const block = { type: "list", ordered, start: ordered ? Number(first[3]) : 1, loose, items };
  return { block, next: index };
}

function sameList(line, ordered) {
  const marker = ITEM.exec(line);
  return marker !== null && (marker[3] !== undefined) === ordered;
}

const leadingSpaces = (line) => line.length - line.trimStart().length;

function startsBlock(line) {
  return FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line);
}

/** A header row with a `|`, then a delimiter row with as many cells (`| --- | :-: |`). */
function isTableStart(lines, start) {
  const next = lines[start + 1];
  if (!lines[start].includes("|") || next === undefined || !TABLE_DELIMITER.test(next)) {
    return false;
  }
  return cells(next).length === cells(lines[start]).length;
}

function readTable(lines, start) {
  const header = cells(lines[start]);
  const align = cells(lines[start + 1]).map((cell) => {
    const left = cell.startsWith(":");
    const right = cell.endsWith(":");
    return left && right ? "center" : right ? "right" : left ? "left" : "";
  });
  const rows = [];
  let index = start + 2;
  while (index < lines.length && !blank(lines[index]) && !startsBlock(lines[index])) {
    const row = cells(lines[index]);
    rows.push(header.map((_, column) => parseInline(row[column] ?? "")));
    index++;
  }
  const block = { type: "table", align, header: header.map((cell) => parseInline(cell)), rows };
  return { block, next: index };
}

/** A table row's cells: split at `|` but not at `\|`, outer pipes dropped. */
function cells(line) {
  const trimmed = line
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "");
  return trimmed.split(/(?<!\\)\|/).map((cell) => cell.trim().replaceAll("\\|", "|"));
}

function readParagraph(lines, start) {
  const text = [lines[start]];
  let index = start + 1;
  while (index < lines.length) {
    const line = lines[index];
    if (blank(line) || startsBlock(line) || isTableStart(lines, index)) break;
    // A list interrupts a paragraph when it starts with a bullet or with 1.
    const item = ITEM.exec(line);
    if (item && (item[3] === undefined || item[3] === "1") && item[4] !== "") break;
    text.push(line);
    index++;
  }
  const children = parseInline(text.map((line) => line.trim()).join("\n"));
  return { block: { type: "paragraph", children }, next: index };
}
