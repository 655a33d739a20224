import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '@freemarket/db';
import type { IdentityConfig } from '../config.js';
import { devAccounts } from '../db/schema/index.js';

export const OIDC_MOUNT = '/oidc';

/**
 * The development OpenID provider: signs in whoever types an email and a name. Its signing key
 * and cookie keys live in memory (random per boot unless configured), which is fine for a
 * provider whose only job is to let developers and tests sign in.
 */
export async function createDevProvider(config: IdentityConfig['devOidc'], db: Db): Promise<Provider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: `dev-${randomBytes(4).toString('hex')}`, alg: 'RS256', use: 'sig' };

  const configuration: Configuration = {
    clients: [
      {
        client_id: config.clientId,
        client_secret: config.clientSecret,
        redirect_uris: [config.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: config.cookieKeys ?? [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    // The gateway reads the member's names from the ID token; no userinfo round trip needed.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    // Short lives: the gateway keeps its own session; these only carry one sign-in through.
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 86_400, Grant: 86_400, AccessToken: 600, IdToken: 600 },
    pkce: { required: () => true },
    interactions: { policy: askEverySignIn(), url: (_ctx, interaction) => `${OIDC_MOUNT}/interaction/${interaction.uid}` },
    async findAccount(ctx, id) {
      const [account] = await db.select().from(devAccounts).where(eq(devAccounts.id, id)).limit(1);
      if (!account) {
        // A deleted member's sign-in ends here, so the browser gets the form again; a session
        // naming an account that is gone fails the provider's consent check with a 500.
        const session = ctx.oidc?.session;
        if (session?.accountId === id) {
          delete session.accountId;
          delete session.authorizations;
          session.resetIdentifier();
        }
        return undefined;
      }
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          email: account.email,
          email_verified: true,
          given_name: account.firstName,
          family_name: account.lastName,
          name: `${account.firstName} ${account.lastName}`,
        }),
      };
    },
    // FreeMarket's own gateway is a first-party client: there is no consent screen to show.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const existing = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Sign-in error</title><h1>Sign-in error</h1><p>${escapeHtml(String(out.error))}: ${escapeHtml(String(out.error_description ?? ''))}</p><p><a href="/">Back to FreeMarket</a></p>`;
    },
  };

  const provider = new Provider(config.issuer, configuration);
  // The identity service sets X-Forwarded-* itself from the configured issuer, so trusting them is safe.
  provider.proxy = true;
  return provider;
}

/**
 * The standard prompts, with sign-in asked at every authorization: after Log Out (which ends only
 * FreeMarket's session) the next Log In asks who is signing in, so a developer can switch members
 * in one browser. Only an authorization that has just been through the form goes on unasked.
 */
function askEverySignIn(): interactionPolicy.DefaultPolicy {
  const policy = interactionPolicy.base();
  const { Check } = interactionPolicy;
  policy.get('login')?.checks.add(new Check('every_sign_in', 'the development provider asks who is signing in every time', (ctx) => (ctx.oidc.result?.login ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT)));
  return policy;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
