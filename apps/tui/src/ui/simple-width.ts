/** get-east-asian-width's `eastAsianWidth`: 1 or 2 columns for a code point. */
export type EastAsianWidth = (
  codePoint: number,
  options: { readonly ambiguousAsWide: boolean },
) => number;

/**
 * Code points (first, last) that are each a grapheme cluster of their own next to any
 * other of them, visible, and as wide as their East Asian Width says: string-width gives
 * a text made only of these (and ASCII and C0/C1 controls) the sum of those widths,
 * without its grapheme segmenter and emoji expressions. What the app draws (borders,
 * spinners, arrows, `·`, `…`) is here, and so are most scripts' letters and CJK; marks,
 * joiners, variation selectors, Hangul jamo and everything beyond the BMP (emoji) are not.
 * The test checks every one of them against string-width itself.
 */
const SIMPLE: readonly (readonly [number, number])[] = [
  [0x00a0, 0x00ac], // Latin-1 (not the soft hyphen)
  [0x00ae, 0x02ff], // Latin Extended, IPA, modifier letters
  [0x0370, 0x0482], // Greek and Cyrillic (not Cyrillic's combining marks)
  [0x2010, 0x2027], // dashes, quotes, bullets, the ellipsis
  [0x2030, 0x205e], // per mille, primes, more punctuation
  [0x2070, 0x20cf], // super- and subscripts, currency
  [0x2100, 0x2bff], // letterlike, arrows, maths, technical, box drawing, shapes, symbols, braille
  [0x2e80, 0x3029], // CJK radicals and punctuation
  [0x3030, 0x3096], // more CJK punctuation, hiragana
  [0x309b, 0x30ff], // katakana
  [0x3105, 0x3163], // bopomofo, Hangul compatibility jamo (before the filler)
  [0x3165, 0xa66e], // CJK ideographs and extensions in the BMP, Yi, Lisu, Vai
  [0xac00, 0xd7a3], // Hangul syllables
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xfe30, 0xfe4f], // CJK compatibility forms
  [0xff01, 0xff9d], // fullwidth forms, halfwidth katakana (not its sound marks)
];

const isSimple = (code: number) => {
  for (const [first, last] of SIMPLE) {
    if (code < first) return false;
    if (code <= last) return true;
  }
  return false;
};

const NARROW = { ambiguousAsWide: false } as const;
const WIDE = { ambiguousAsWide: true } as const;

/**
 * string-width's answer for `text` (ANSI sequences already removed, unless they are to
 * be counted) when every character of it is simple; undefined when one is not.
 */
export function simpleWidth(
  text: string,
  ambiguousAsWide: boolean,
  eastAsianWidth: EastAsianWidth,
): number | undefined {
  const options = ambiguousAsWide ? WIDE : NARROW;
  let width = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0x20 && code <= 0x7e) width += 1;
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) continue;
    else if (isSimple(code)) width += eastAsianWidth(code, options);
    else return undefined;
  }
  return width;
}

/** The ranges, for the test that holds them against string-width. */
export const SIMPLE_RANGES = SIMPLE;
