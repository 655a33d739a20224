import type { ActiveSession } from '../session/sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session behind the cookie, resolved once per request for `/api/*` and `/socket.io`. */
    gatewaySession: ActiveSession | null;
    /** The signed assertion forwarded upstream, set just before proxying. */
    identityAssertion: string | null;
    /** For a /socket.io upgrade to a service of several instances: the one that took a connection. */
    socketUpstream?: string;
  }
}

export {};
