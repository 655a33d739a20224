import type { ErrorBody } from '@freemarket/contracts';
import type { ServiceName } from './routing-table.js';

/** Nothing listens, or nothing answers the connect: the service is down, say so at once. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
/** Connected, but no answer within UPSTREAM_TIMEOUT_MS. */
const TIMED_OUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** Maps a failed upstream call to 503, 504 or 502 with a message naming the service (ARCHITECTURE §3.5). */
export function upstreamFailure(service: ServiceName, error: Error): { status: number; body: ErrorBody } {
  const codes = errorCodes(error);
  if (codes.some((c) => UNREACHABLE.has(c))) return { status: 503, body: { message: `Service Unavailable: ${service} is not reachable` } };
  if (codes.some((c) => TIMED_OUT.has(c))) return { status: 504, body: { message: `Gateway Timeout: ${service} did not answer in time` } };
  return { status: 502, body: { message: `Bad Gateway: ${service} failed to answer` } };
}

/** The connection was never made, so nothing reached the service: the request may go elsewhere, whatever its method. */
export function isUnreachable(error: Error): boolean {
  return errorCodes(error).some((c) => UNREACHABLE.has(c));
}

/** fetch and undici wrap the transport error; the telling code may sit on the wrapper or on its causes. */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code) codes.push(code);
  }
  return codes;
}
