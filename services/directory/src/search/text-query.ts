/**
 * Turns what a member typed into a prefix query for the 'simple' text configuration: each word
 * must start a word of the document ('plumb' finds 'plumbing'). Only letters and digits survive,
 * so nothing typed can be tsquery syntax. Returns null when nothing searchable is left.
 */
export function toPrefixQuery(text: string | undefined): string | null {
  if (!text) return null;
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8)
    .map((w) => prefixTerm(w.slice(0, 64)));
  return words.length > 0 ? words.join(' & ') : null;
}

/**
 * One word as a prefix: documents carry every word's 3- to 8-letter prefixes as lexemes (see
 * `search_document`), so 3 to 8 letters are an exact lookup; longer words add a partial match on
 * the few words sharing their first 8 letters; 1 or 2 letters fall back to a partial match.
 */
export function prefixTerm(word: string): string {
  if (word.length < 3) return `${word}:*`;
  if (word.length <= 8) return word;
  return `(${word.slice(0, 8)} & ${word}:*)`;
}
