/**
 * SQLSTATEs meaning 'the database cannot take this now' rather than 'this query is wrong':
 * too many connections, shutting down or starting up, connection failures.
 */
const UNAVAILABLE_SQLSTATES = new Set(['53300', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);
/** node-postgres says so only in words when its pool is exhausted or a connection drops. */
const UNAVAILABLE_MESSAGES = [/timeout exceeded when trying to connect/i, /^Connection terminated/i];

/**
 * True when an error (or its cause, as drizzle wraps driver errors) means the database is down,
 * overloaded or out of connections: a 503 to retry later, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(current.message))) return true;
  }
  return false;
}

/**
 * SQLSTATEs of text Postgres cannot take (a NUL character, bytes not valid in its encoding), which
 * only a caller's input can carry. Range errors (22003, 22008) stay 500s: a server bug causes those too.
 */
const REJECTED_VALUE_SQLSTATES = new Set(['22021', '22P05']);

/** The database's reason when it refused a value in a query (a 400, not a 500), else undefined. */
export function rejectedValueReason(error: unknown): string | undefined {
  return postgresError(error, REJECTED_VALUE_SQLSTATES)?.message;
}

/** The driver's error (drizzle wraps it as the cause) when its SQLSTATE is one of `codes`. */
export function postgresError(error: unknown, codes: ReadonlySet<string>): Error | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return current;
  }
  return undefined;
}
