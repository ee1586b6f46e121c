/** An element of an XML document read back by `readXml`. */
export interface XmlElement {
  readonly name: string;
  readonly attributes: ReadonlyMap<string, string>;
  readonly children: XmlElement[];
  text: string;
}

const NAME = String.raw`[A-Za-z_][\w.-]*`;
const FORBIDDEN = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

function decode(text: string, where: string): string {
  if (/[<]/.test(text)) throw new Error(`a raw < in ${where}`);
  return text.replace(/&([^;]*);?/g, (whole, entity: string) => {
    if (!whole.endsWith(";")) throw new Error(`a raw & in ${where}`);
    const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
    if (Object.hasOwn(named, entity)) return named[entity] ?? "";
    const code = /^#x([0-9a-f]+)$/i.exec(entity)?.[1] ?? /^#(\d+)$/.exec(entity)?.[1];
    if (code === undefined) throw new Error(`an unknown entity &${entity}; in ${where}`);
    const value = String.fromCodePoint(Number.parseInt(code, entity.startsWith("#x") ? 16 : 10));
    if (FORBIDDEN.test(value))
      throw new Error(`a reference to a character XML forbids in ${where}`);
    return value;
  });
}

/**
 * A strict reader for the XML the reports write (no DTD, comments, CDATA or namespaces):
 * it throws where a conforming parser would reject the document (a raw `<` or `&`, a
 * character XML 1.0 forbids, an unknown entity, mismatched or unclosed tags, text outside
 * the root), so a test can check that the output is well-formed and read its values.
 */
export function readXml(document: string): XmlElement {
  if (FORBIDDEN.test(document)) throw new Error("a character XML 1.0 forbids");
  const body = document.replace(/^<\?xml[^?]*\?>\s*/, "");
  const token = new RegExp(
    String.raw`<(${NAME})((?:\s+${NAME}="[^"]*")*)\s*(/?)>|</(${NAME})\s*>|([^<]+)|(<)`,
    "gy",
  );
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  for (let match = token.exec(body); match; match = token.exec(body)) {
    const [, open, attributeText, selfClosing, close, text, stray] = match;
    if (stray)
      throw new Error(
        `a malformed tag at ${match.index}: ${body.slice(match.index, match.index + 40)}`,
      );
    if (text !== undefined) {
      const parent = stack.at(-1);
      if (!parent) {
        if (text.trim()) throw new Error("text outside the root element");
        continue;
      }
      parent.text += decode(text, `the text of <${parent.name}>`);
    } else if (close) {
      const element = stack.pop();
      if (element?.name !== close) throw new Error(`</${close}> closes <${element?.name}>`);
    } else if (open) {
      const attributes = new Map<string, string>();
      for (const [, name = "", value = ""] of (attributeText ?? "").matchAll(/(\S+)="([^"]*)"/g)) {
        if (attributes.has(name)) throw new Error(`attribute ${name} twice on <${open}>`);
        attributes.set(name, decode(value, `${open}'s ${name}`));
      }
      const element: XmlElement = { name: open, attributes, children: [], text: "" };
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else if (root) throw new Error("a second root element");
      else root = element;
      if (!selfClosing) stack.push(element);
    }
  }
  if (stack.length > 0) throw new Error(`<${stack.at(-1)?.name}> is not closed`);
  if (!root) throw new Error("no root element");
  return root;
}
