// The parts of a request the server names in a validation refusal ('body.expenseDate: ...').
const VALIDATION_PART = /^(?:body|querystring|query|params|headers)((?:\.[^\s:]+)?): (.+)$/s;
// Words members read in capitals, wherever they sit in a field's name.
const ACRONYMS: Readonly<Record<string, string>> = { id: 'ID', url: 'URL', csv: 'CSV' };

/** One word of a field's name as a member reads it: 'expenseDate' → 'expense date', 'sellerId' → 'seller ID'. */
function wordsOf(segment: string): string {
  return segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .map((word) => ACRONYMS[word.toLowerCase()] ?? word.toLowerCase())
    .join(' ');
}

/** Text with its first letter in capitals: a reason that reads on from a field's name, standing alone under that field. */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One of a list by its place, counted from one: 'photos', 0 → 'photo 1'. */
function oneOf(list: string, index: number): string {
  const singular = list.endsWith('ies') ? `${list.slice(0, -3)}y` : list.endsWith('s') && !list.endsWith('ss') ? list.slice(0, -1) : list;
  return `${singular} ${index + 1}`;
}

/**
 * A field's path as a member reads it: 'photos.0' → 'Photo 1', 'questions.2.options' → 'Question 3
 * options'. A segment that is neither a name nor a position (an answer's question id) says nothing to
 * a member and is left out.
 */
export function fieldLabel(path: string): string {
  const parts: string[] = [];
  for (const segment of path.split('.').filter(Boolean)) {
    if (/^\d+$/.test(segment)) {
      const list = parts.pop();
      parts.push(list === undefined ? `#${Number(segment) + 1}` : oneOf(list, Number(segment)));
    } else if (/^[A-Za-z][A-Za-z0-9_-]*$/.test(segment) && !/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(segment)) parts.push(wordsOf(segment));
  }
  return capitalised(parts.join(' '));
}

/** A sentence: a capital first letter and a closing stop. */
function sentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const capital = capitalised(trimmed);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** One 'body.field: message' refusal as a sentence naming the field, or null when `part` is not one. */
function validationSentence(part: string): string | null {
  const match = VALIDATION_PART.exec(part);
  if (!match) return null;
  const [, path = '', message = ''] = match;
  const label = fieldLabel(path);
  if (!label) return sentence(message);
  // The project's rules read on from the field ('must be ...'); a library's own ('Required') stands apart.
  return sentence(/^[a-z]/.test(message) ? `${label} ${message}` : `${label}: ${message}`);
}

/**
 * The server's reason for a refusal as a member reads it: 'You already referred this business.', and
 * a validation refusal's fields by their names ('body.expenseDate: must be 1900-01-01 or later' →
 * 'Expense date must be 1900-01-01 or later.'), one sentence per field the server named.
 */
export function readableReason(message: string): string {
  const parts = message.split('; ');
  const sentences = parts.map(validationSentence);
  if (sentences.every((s): s is string => s !== null)) return sentences.join(' ');
  const whole = validationSentence(message);
  return whole ?? sentence(message);
}
