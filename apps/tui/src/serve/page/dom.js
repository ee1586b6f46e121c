// Elements from the page's own names and text nodes from everything else: no markup is
// ever parsed from text the server sends (no innerHTML anywhere on the page).

import { parseMarkdown } from "./markdown.js";
import { displayText } from "./text.js";

/**
 * A new element: `attributes` are the page's own (class, data-testid, aria-*, …), each
 * child a node or a string (which becomes a text node, shown as written).
 */
export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === undefined) continue;
    node.setAttribute(name, value === true ? "" : String(value));
  }
  node.append(...children.filter((child) => child !== undefined && child !== null));
  return node;
}

/** Text from the server as a text node, control and invisible characters removed. */
export function textNode(text) {
  return document.createTextNode(displayText(text));
}

/** A Markdown text (an answer) as elements in a `div.markdown`. */
export function renderMarkdown(text) {
  const root = element("div", { class: "markdown" });
  root.append(...parseMarkdown(displayText(text)).map(blockNode));
  return root;
}

function blockNode(block) {
  switch (block.type) {
    case "heading":
      return element(`h${block.level}`, {}, ...inlineNodes(block.children));
    case "paragraph":
      return element("p", {}, ...inlineNodes(block.children));
    case "code":
      return element(
        "pre",
        {},
        element("code", { "data-language": block.language || undefined }, block.text),
      );
    case "quote":
      return element("blockquote", {}, ...block.children.map(blockNode));
    case "rule":
      return element("hr");
    case "list":
      return listNode(block);
    case "table":
      return tableNode(block);
    default:
      return element("p", {}, "");
  }
}

function listNode(block) {
  const list = element(block.ordered ? "ol" : "ul", {
    start: block.ordered && block.start !== 1 ? block.start : undefined,
  });
  for (const item of block.items) {
    // A tight list's items hold their text, not paragraphs.
    const children = item.map((child) =>
      !block.loose && child.type === "paragraph"
        ? element("span", {}, ...inlineNodes(child.children))
        : blockNode(child),
    );
    list.append(element("li", {}, ...children));
  }
  return list;
}

function tableNode(block) {
  const cell = (tag, children, column) =>
    element(
      tag,
      { class: block.align[column] ? `align-${block.align[column]}` : undefined },
      ...inlineNodes(children),
    );
  const head = element(
    "tr",
    {},
    ...block.header.map((children, column) => cell("th", children, column)),
  );
  const rows = block.rows.map((row) =>
    element("tr", {}, ...row.map((children, column) => cell("td", children, column))),
  );
  return element("table", {}, element("thead", {}, head), element("tbody", {}, ...rows));
}

function inlineNodes(nodes) {
  return nodes.map(inlineNode);
}

function inlineNode(node) {
  switch (node.type) {
    case "text":
      return document.createTextNode(node.text);
    case "code":
      return element("code", {}, node.text);
    case "strong":
      return element("strong", {}, ...inlineNodes(node.children));
    case "em":
      return element("em", {}, ...inlineNodes(node.children));
    case "link":
      return element(
        "a",
        { href: node.href, rel: "noopener noreferrer", target: "_blank" },
        ...inlineNodes(node.children),
      );
    default:
      return element("span", {}, ...inlineNodes(node.children ?? []));
  }
}
