import type { IncomingHttpHeaders } from 'node:http';
import { IDENTITY_HEADER } from '@freemarket/kit';

/**
 * Headers that claim who the caller is. Services trust only the gateway's assertion, but none of
 * these should survive from outside in case a service, a library or a log reader ever trusts one.
 */
export const IDENTITY_LIKE_HEADERS: readonly string[] = [
  IDENTITY_HEADER,
  'x-user-id',
  'x-userid',
  'x-user',
  'x-actor',
  'x-actor-id',
  'x-forwarded-user',
  'x-forwarded-email',
  'x-forwarded-preferred-username',
  'x-auth-request-user',
  'x-auth-request-email',
  'x-remote-user',
  'remote-user',
];

/** The gateway is the edge: forwarding facts from outside are replaced with what it saw itself. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'forwarded'];

export function dropInboundIdentity(headers: IncomingHttpHeaders): void {
  for (const name of IDENTITY_LIKE_HEADERS) delete headers[name];
  for (const name of FORWARDING_HEADERS) delete headers[name];
}
