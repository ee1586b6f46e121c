// A tool plug-in for long-run tests: `fetch_page` returns page N of a report as one long
// text, ending with the line that names the page's code (what the model must answer
// with). Its environment:
//   PAGE_SIZES: sizes in characters, comma-separated, used in turn from page 1
//     (default 50000);
//   HOLD_PAGE_AT: the page on which it writes the file HOLD_MARKER, then waits until the
//     process is killed.
import { writeFileSync } from "node:fs";

export const description = "fetches the pages of a long report (tests)";

/** Each page's code: what only the end of that page says. */
export const pageCode = (page) => `K${(page * 7919) % 100_003}`;

export function pageText(page, size) {
  const line = `Page ${page}: the quarterly figures, region by region, as filed.\n`;
  const body = line.repeat(Math.ceil(size / line.length)).slice(0, size);
  return `${body}\nThe code of page ${page} is ${pageCode(page)}.`;
}

export function createTools({ env }) {
  const sizes = (env.PAGE_SIZES ?? "50000").split(",").map(Number);
  return [
    {
      name: "fetch_page",
      description: "Fetches one page of the report: give the page's number.",
      async execute(input) {
        const page = Number.parseInt(input, 10) || 1;
        if (env.HOLD_PAGE_AT === String(page)) {
          writeFileSync(env.HOLD_MARKER, "held");
          await new Promise(() => setInterval(() => undefined, 1 << 30));
        }
        return pageText(page, sizes[(page - 1) % sizes.length]);
      },
    },
  ];
}
