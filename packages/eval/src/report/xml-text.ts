import { terminalText } from "@langchain-mini/host";

// What XML 1.0 forbids anywhere (most C0 controls, lone surrogates, U+FFFE/U+FFFF): a
// parser rejects the whole file for one of them, so they are dropped.
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/**
 * Text for an XML attribute or element: terminal control sequences removed first (CI logs
 * print failure messages on terminals), then what XML forbids, then the five special
 * characters escaped, and line breaks and tabs as references so attributes keep them.
 */
export function xmlText(text: string): string {
  return terminalText(text)
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    .replace(/\t/g, "&#9;")
    .replace(/\n/g, "&#10;")
    .replace(/\r/g, "&#13;");
}
