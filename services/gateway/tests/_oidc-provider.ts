import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';

/** Who the next authorization signs in as; the provider asks no questions. */
export interface ProviderUser {
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  nextUser: ProviderUser;
  /** Every token request body, to check what the gateway sent. */
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  nonce: string | null;
  codeChallenge: string;
  user: ProviderUser;
}

/**
 * A minimal OpenID provider that speaks the real protocol (discovery, authorization code with
 * PKCE S256, ES256-signed ID tokens, JWKS), standing in for "any OIDC issuer" of distributed mode.
 * It signs in `nextUser` without a login page; `port` lets a test start it where a gateway already looks.
 */
export async function startTestOidcProvider(port = 0): Promise<TestOidcProvider> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'ES256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  const provider: TestOidcProvider = {
    issuer: '',
    clientId: 'freemarket-gateway',
    clientSecret: randomBytes(16).toString('hex'),
    nextUser: { sub: 'user-1', email: 'user1@example.com' },
    tokenRequests: [],
    close: async () => undefined,
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => json(res, 500, { error: 'server_error', error_description: String(err) }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', provider.issuer);
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer: provider.issuer,
        authorization_endpoint: `${provider.issuer}/authorize`,
        token_endpoint: `${provider.issuer}/token`,
        jwks_uri: `${provider.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['ES256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      });
    }
    if (url.pathname === '/jwks') return json(res, 200, { keys: [jwk] });
    if (url.pathname === '/authorize') return authorize(url, res);
    if (url.pathname === '/token' && req.method === 'POST') return token(new URLSearchParams(await readBody(req)), req, res);
    return json(res, 404, { error: 'not_found' });
  }

  function authorize(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    const redirect = new URL(q.get('redirect_uri') ?? '');
    if (q.get('client_id') !== provider.clientId || q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256') {
      redirect.searchParams.set('error', 'invalid_request');
    } else {
      const code = randomBytes(16).toString('hex');
      codes.set(code, { clientId: provider.clientId, redirectUri: redirect.href, nonce: q.get('nonce'), codeChallenge: q.get('code_challenge') ?? '', user: provider.nextUser });
      redirect.searchParams.set('code', code);
    }
    const state = q.get('state');
    if (state !== null) redirect.searchParams.set('state', state);
    res.writeHead(302, { location: redirect.href }).end();
  }

  async function token(body: URLSearchParams, req: IncomingMessage, res: ServerResponse): Promise<void> {
    provider.tokenRequests.push(body);
    const [basicId, basicSecret] = basicCredentials(req);
    const clientId = body.get('client_id') ?? basicId;
    const secret = body.get('client_secret') ?? basicSecret;
    if (clientId !== provider.clientId || secret !== provider.clientSecret) return json(res, 401, { error: 'invalid_client' });
    const pending = codes.get(body.get('code') ?? '');
    codes.delete(body.get('code') ?? '');
    const verifier = body.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (!pending || pending.redirectUri !== body.get('redirect_uri') || pending.codeChallenge !== challenge) return json(res, 400, { error: 'invalid_grant' });
    const now = Math.floor(Date.now() / 1000);
    const idToken = await new SignJWT({ ...pending.user, ...(pending.nonce ? { nonce: pending.nonce } : {}) })
      .setProtectedHeader({ alg: 'ES256', kid: jwk.kid })
      .setIssuer(provider.issuer)
      .setAudience(pending.clientId)
      .setSubject(pending.user.sub)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(privateKey);
    return json(res, 200, { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 300, id_token: idToken });
  }

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  provider.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider.close = () => new Promise((resolve) => server.close(() => resolve()));
  return provider;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return body;
}

function basicCredentials(req: IncomingMessage): [string | null, string | null] {
  const header = req.headers.authorization;
  if (!header?.startsWith('Basic ')) return [null, null];
  const [id, secret] = Buffer.from(header.slice(6), 'base64').toString().split(':').map((p) => decodeURIComponent(p));
  return [id ?? null, secret ?? null];
}
