/**
 * The admin search's folding: Turkish letters reduced to their ASCII base, lower case, whitespace runs
 * collapsed to one space and trimmed, so that "istanbul" finds "İSTANBUL" and "ISTANBUL" and "sirket"
 * finds "Şirket". The SQL function `fold_tr` (migration 0004_turkish_search) is the same function over
 * the stored text; a property test against both engines keeps the two equal, so change both or neither.
 */
/**
 * The `translate()` arguments of `fold_tr`, character for character. The combining marks at the end
 * have no counterpart, so they are deleted: text typed on a Mac (decomposed, "S" + cedilla) and İ
 * lower-cased by non-Turkish rules ("i" + dot above) then fold like the composed letters.
 */
export const TURKISH_FROM = 'İIıŞşĞğÜüÖöÇç\u0307\u0327\u0306\u0308';
export const TURKISH_TO = 'iiissgguuoocc';
const TURKISH_MAP: ReadonlyMap<string, string> = new Map(
  [...TURKISH_FROM].map((letter, i) => [letter, TURKISH_TO[i] ?? ''] as const),
);
const TURKISH_LETTERS = new RegExp(`[${TURKISH_FROM}]`, 'g');

// Spelled out rather than \s: SQL's `[ \t\n\r\f\v\u00a0]` must match exactly the same characters, and
// JavaScript's \s (and trim) also take Unicode spaces that PostgreSQL's class does not.
const WHITESPACE_RUN = /[ \t\n\r\f\v\u00a0]+/g;

export function foldTurkish(text: string): string {
  return (
    text
      // Before lower-casing, as in SQL: İ's full lower case is two characters (i + combining dot).
      .replace(TURKISH_LETTERS, (letter) => TURKISH_MAP.get(letter) ?? letter)
      // PostgreSQL lowers one character at a time; JavaScript would turn a word-final Σ into ς.
      .replace(/Σ/g, 'σ')
      .toLowerCase()
      .replace(WHITESPACE_RUN, ' ')
      .replace(/^ | $/g, '')
  );
}
