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
    .map((w) => `${w.slice(0, 64)}:*`);
  return words.length > 0 ? words.join(' & ') : null;
}
