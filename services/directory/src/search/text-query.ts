/**
 * Turns what a member typed into a prefix query for the 'simple' text configuration: each word
 * must start a word of the document ('plumb' finds 'plumbing'). Only letters and digits survive,
 * so nothing typed can be tsquery syntax. Returns null when nothing searchable is left.
 */
export function toPrefixQuery(text: string | undefined): string | null {
  const words = queryWords(text).map(prefixTerm);
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
 * One word as a prefix: documents carry every word's 3- to 8-letter prefixes as lexemes (see
 * `search_document`), so 3 to 8 letters are an exact lexeme lookup. A longer word is a partial
 * match (`:*`) together with its 8-letter prefix, which every word it matches holds too: the
 * exact lexeme is what a GiST signature can test, where a partial match passes every entry.
 * 1 or 2 letters are a partial match alone.
 */
export function prefixTerm(word: string): string {
  if (word.length < 3) return `${word}:*`;
  if (word.length > 8) return `(${word.slice(0, 8)} & ${word}:*)`;
  return word;
}
