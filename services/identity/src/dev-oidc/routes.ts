import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type Provider from 'oidc-provider';
import type { App } from '@freemarket/kit';
import type { Db } from '@freemarket/db';
import { devAccounts } from '../db/schema/index.js';
import { OIDC_MOUNT } from './provider.js';
import { renderSignInPage } from './sign-in-page.js';

const signInSchema = z.object({
  email: z.email('Enter a valid email address').max(320).transform((e) => e.trim().toLowerCase()),
  firstName: z.string().trim().min(1, 'Enter your first name').max(100),
  lastName: z.string().trim().min(1, 'Enter your last name').max(100),
});

/** One account per email, with a stable subject, so signing in again is the same member. */
export function devAccountId(email: string): string {
  return `dev-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)}`;
}

/** Mounts the provider under /oidc and serves its sign-in interaction. */
export function registerDevOidcRoutes(app: App, provider: Provider, db: Db, issuer: string): void {
  const issuerUrl = new URL(issuer);
  const callback = provider.callback();

  // The provider reads its own request bodies (form posts at the token endpoint), so Fastify must not.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    const handOver = (req: { raw: IncomingMessage & { originalUrl?: string } }, reply: { hijack(): void; raw: ServerResponse }) => {
      reply.hijack();
      const raw = req.raw;
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(OIDC_MOUNT.length) || '/';
      raw.headers['x-forwarded-host'] = issuerUrl.host;
      raw.headers['x-forwarded-proto'] = issuerUrl.protocol.replace(':', '');
      callback(raw, reply.raw);
    };
    scope.all(OIDC_MOUNT, handOver);
    scope.all(`${OIDC_MOUNT}/*`, handOver);
  });

  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    scope.get(`${OIDC_MOUNT}/interaction/:uid`, async (req, reply) => {
      const details = await provider.interactionDetails(req.raw, reply.raw);
      if (details.prompt.name !== 'login') {
        // Consent is granted by loadExistingGrant; any other prompt means the flow is stale.
        return reply.status(400).type('text/html').send('<p>This sign-in has expired. <a href="/api/login">Start again</a>.</p>');
      }
      return reply.type('text/html').header('cache-control', 'no-store').send(renderSignInPage(details.uid));
    });

    scope.post(`${OIDC_MOUNT}/interaction/:uid/login`, async (req, reply) => {
      const details = await provider.interactionDetails(req.raw, reply.raw);
      const parsed = signInSchema.safeParse(req.body ?? {});
      if (!parsed.success) {
        const body = (req.body ?? {}) as Record<string, string>;
        return reply
          .status(400)
          .type('text/html')
          .send(renderSignInPage(details.uid, body, parsed.error.issues.map((i) => i.message).join('. ')));
      }
      const { email, firstName, lastName } = parsed.data;
      const id = devAccountId(email);
      await db
        .insert(devAccounts)
        .values({ id, email, firstName, lastName })
        .onConflictDoUpdate({ target: devAccounts.id, set: { firstName, lastName } });
      reply.hijack();
      await provider.interactionFinished(req.raw, reply.raw, { login: { accountId: id } }, { mergeWithLastSubmission: false });
    });
  });
}
