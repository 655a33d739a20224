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
 * `search_document`), so 3 to 8 letters are an exact lexeme lookup in the GIN index; a longer
 * word, or 1 or 2 letters, is a partial match (`:*`).
 */
export function prefixTerm(word: string): string {
  if (word.length < 3 || word.length > 8) return `${word}:*`;
  return word;
}
