// A number as people and models write it: an optional minus (ASCII or U+2212) that is not
// a hyphen inside a word or a range (`gpt-4`, `2023-2024`), digits with or without
// thousands commas, a decimal part, an exponent. Each part is bounded and the parts never
// overlap, so the scan is linear in the answer's length.
const NUMBER =
  /(?<![\w.])[-−]?(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?(?:[eE][-+]?\d{1,4})?|(?<![\w.])[-−]?\.\d+(?:[eE][-+]?\d{1,4})?/gu;

/** The numbers written in a text, in order. */
export function* numbersIn(text: string): Generator<number> {
  for (const match of text.matchAll(NUMBER)) {
    const value = Number(match[0].replace(/,/g, "").replace("−", "-"));
    if (Number.isFinite(value)) yield value;
  }
}
