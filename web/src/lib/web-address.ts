/** A host typed without a scheme, as websites are usually written: 'alicebakes.example.com', 'www.example.com/shop'. */
const BARE_HOST = /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(:\d+)?([/?#]|$)/u;

/**
 * `text` with https:// in front when it is a bare host; anything else (an address with its
 * scheme, or no address at all) comes back as it was, for the field's check to judge.
 */
export function withWebScheme(text: string): string {
  const trimmed = text.trim();
  return BARE_HOST.test(trimmed) ? `https://${trimmed}` : text;
}

/**
 * Whether `text` is an http(s) address the server takes. It must start with the scheme and its
 * slashes: the URL parser reads 'https:example.com' as https://example.com, the contracts do not.
 */
export function isWebAddress(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
