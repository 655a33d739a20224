/**
 * Turns what a member typed into a prefix query for the 'simple' text configuration: each word
 * must start a word of the document ('plumb' finds 'plumbing'). Only letters and digits survive,
 * so nothing typed can be tsquery syntax. Returns null when nothing searchable is left.
 */
export function toPrefixQuery(text: string | undefined): string | null {
  const words = queryWords(text).map(prefixTerm);
  return words.length > 0 ? words.join(' & ') : null;
}

/**
 * The words as whole lexemes, for a GiST index's word signatures, which cannot test a partial
 * match: a word longer than 8 letters becomes its first 8, which every document word beginning
 * with it carries too (see `search_document`), and 1- and 2-letter words are left out (as partial
 * matches they would make the index read every entry). So it matches a superset of
 * `toPrefixQuery`'s rows, to be tested exactly afterwards; null when no word has 3 letters.
 */
export function toSignatureQuery(text: string | undefined): string | null {
  const words = queryWords(text)
    .filter((w) => w.length >= 3)
    .map((w) => w.slice(0, 8));
  return words.length > 0 ? words.join(' & ') : null;
}

/** The words that count: at most 8, each at most 64 characters. */
function queryWords(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8)
    .map((w) => w.slice(0, 64));
}

/**
 * True when every word is plain ASCII letters and digits that Postgres's parser keeps whole, one
 * lexeme as written: the query is then lexemes, `&` and `:*` only, as the cell-tagged index
 * expects, and the service may send it as a tsquery value. Not plain: other scripts, and digits,
 * `e`, digits followed by a letter, which the parser splits after the number in scientific
 * notation ('1e5abc' → '1e5' <-> 'abc'); these keep the parser and the untagged plan.
 */
export function isPlainQuery(text: string | undefined): boolean {
  const words = queryWords(text);
  return words.length > 0 && words.every((w) => /^[a-z0-9]+$/.test(w) && !/^[0-9]+e[0-9]+[a-z]/.test(w));
}

/**
 * One word as a prefix: documents carry every word's 3- to 8-letter prefixes as lexemes (see
 * `search_document`), so 3 to 8 letters are an exact lookup; a longer word, or 1 or 2 letters,
 * is a partial match (for a long word, over the few words that begin with it). Not 'its first 8
 * letters and the partial match': the index pays for the partial match either way, and the planner,
 * taking the two as independent, then expected about 50 times too few rows ('photograph' in
 * docs/benchmarks.md, Search).
 */
export function prefixTerm(word: string): string {
  if (word.length < 3) return `${word}:*`;
  if (word.length <= 8) return word;
  return `${word}:*`;
}
