import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@freemarket/testing';
import { startTestOidcProvider, type TestOidcProvider } from './_oidc-provider.js';
import { parseSetCookies, startGateway, startStack, testConfig, type Echo, type RunningGateway, type TestStack } from './_util.js';
import type { GatewayConfig } from '../src/index.js';

let stack: TestStack;
let provider: TestOidcProvider;
let gateway: RunningGateway;

async function gatewayFor(patch: Partial<GatewayConfig> = {}): Promise<RunningGateway> {
  const port = await freePort();
  const base = testConfig(stack, { publicUrl: `http://127.0.0.1:${port}` });
  return startGateway({
    ...base,
    service: { ...base.service, port },
    oidc: { issuerUrl: provider.issuer, clientId: provider.clientId, clientAuthMethod: 'client_secret_basic' },
    secrets: { ...base.secrets, oidcClientSecret: provider.clientSecret },
    ...patch,
  });
}

beforeAll(async () => {
  stack = await startStack();
  provider = await startTestOidcProvider();
  gateway = await gatewayFor();
});

afterAll(async () => {
  await gateway?.destroy();
  await provider?.close();
  await stack?.close();
});

interface SignInResult {
  callback: Response;
  loginCookies: ReturnType<typeof parseSetCookies>;
}

/** Follows the browser's path: /api/login → provider → /api/callback, carrying cookies by hand. */
async function signInThrough(target: RunningGateway, extraCookie = '', loginPath = '/api/login'): Promise<SignInResult> {
  const login = await fetch(`${target.url}${loginPath}`, { redirect: 'manual', headers: extraCookie ? { cookie: extraCookie } : {} });
  expect(login.status).toBe(302);
  const loginCookies = parseSetCookies(login);
  const attempt = [...loginCookies].map(([name, c]) => `${name}=${c.value}`).join('; ');
  const authorize = await fetch(login.headers.get('location')!, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const back = new URL(authorize.headers.get('location')!);
  const cookie = [attempt, extraCookie].filter(Boolean).join('; ');
  const callback = await fetch(`${target.url}${back.pathname}${back.search}`, { redirect: 'manual', headers: { cookie } });
  return { callback, loginCookies };
}

function sessionCookieOf(res: Response, name = 'fm.sid'): string {
  const cookie = parseSetCookies(res).get(name);
  if (!cookie) throw new Error(`no ${name} cookie set`);
  return `${name}=${cookie.value}`;
}

async function actorWith(target: RunningGateway, cookie: string): Promise<unknown> {
  const res = await fetch(`${target.url}/api/auth/user`, { headers: { cookie } });
  return ((await res.json()) as Echo).actor;
}

describe('sign-in', () => {
  it('should sign in, record the member in identity, and start a session', async () => {
    provider.nextUser = { sub: 'oidc|dana', email: 'dana@example.com', given_name: 'Dana', family_name: 'Scully', picture: 'https://img.example/dana.png' };
    const { callback, loginCookies } = await signInThrough(gateway);

    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/');
    expect(loginCookies.get('fm.auth')?.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    const upsert = stack.services.identity.seen.filter((e) => e.method === 'PUT').at(-1);
    expect(upsert?.url).toBe('/internal/users/oidc%7Cdana');
    expect(upsert?.actor).toEqual({ userId: 'oidc|dana' });
    expect(upsert?.body).toEqual({ id: 'oidc|dana', email: 'dana@example.com', firstName: 'Dana', lastName: 'Scully', profileImageUrl: 'https://img.example/dana.png' });

    const cookie = sessionCookieOf(callback);
    expect(await actorWith(gateway, cookie)).toEqual({ userId: 'oidc|dana' });
  });

  it('should use PKCE, state and nonce', async () => {
    provider.nextUser = { sub: 'pkce-user', email: 'p@example.com' };
    const login = await fetch(`${gateway.url}/api/login`, { redirect: 'manual' });
    const authorizeUrl = new URL(login.headers.get('location')!);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('scope')).toBe('openid email profile');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${gateway.url}/api/callback`);
    expect(authorizeUrl.searchParams.get('state')).toBeTruthy();
    expect(authorizeUrl.searchParams.get('nonce')).toBeTruthy();
  });

  it('should redeem the code with the PKCE verifier, authenticating with client_secret_basic by default', async () => {
    provider.nextUser = { sub: 'basic-user', email: 'b@example.com' };
    expect((await signInThrough(gateway)).callback.status).toBe(302);
    const request = provider.tokenRequests.at(-1)!;
    expect(request.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(request.get('client_secret')).toBeNull();
  });

  it('should authenticate with client_secret_post when configured', async () => {
    const post = await gatewayFor({ oidc: { issuerUrl: provider.issuer, clientId: provider.clientId, clientAuthMethod: 'client_secret_post' } });
    try {
      provider.nextUser = { sub: 'post-user', email: 'p@example.com' };
      expect((await signInThrough(post)).callback.status).toBe(302);
      expect(provider.tokenRequests.at(-1)!.get('client_secret')).toBe(provider.clientSecret);
    } finally {
      await post.destroy();
    }
  });

  it('should set the session cookie httpOnly, SameSite=Lax, Path=/, and keep provider tokens out of the browser', async () => {
    provider.nextUser = { sub: 'erin', email: 'erin@example.com' };
    const { callback } = await signInThrough(gateway);
    const cookies = parseSetCookies(callback);
    const session = cookies.get('fm.sid')!;
    expect(session.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(session.attributes).not.toContain('secure');
    expect(session.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookies.get('fm.auth')?.value).toBe('');
    expect(await callback.text()).toBe('');
    expect(callback.headers.getSetCookie().join('\n')).not.toMatch(/eyJ/);
  });

  it('should rotate the session id: the one held before sign-in ends', async () => {
    const before = await gateway.signIn('someone-else');
    provider.nextUser = { sub: 'frank', email: 'frank@example.com' };
    const { callback } = await signInThrough(gateway, before);
    const after = sessionCookieOf(callback);
    expect(after).not.toBe(before);
    expect(await actorWith(gateway, before)).toBeNull();
    expect(await actorWith(gateway, after)).toEqual({ userId: 'frank' });
  });

  it('should refuse a callback whose state does not match', async () => {
    const login = await fetch(`${gateway.url}/api/login`, { redirect: 'manual' });
    const attempt = sessionCookieOf(login, 'fm.auth');
    const authorize = await fetch(login.headers.get('location')!, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location')!);
    back.searchParams.set('state', 'tampered');
    const res = await fetch(`${gateway.url}${back.pathname}${back.search}`, { redirect: 'manual', headers: { cookie: attempt } });
    expect(res.status).toBe(400);
    expect(parseSetCookies(res).get('fm.sid')).toBeUndefined();
  });

  it('should refuse a replayed or cookieless callback', async () => {
    const login = await fetch(`${gateway.url}/api/login`, { redirect: 'manual' });
    const attempt = sessionCookieOf(login, 'fm.auth');
    const back = new URL((await fetch(login.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!);
    const path = `${gateway.url}${back.pathname}${back.search}`;
    expect((await fetch(path, { redirect: 'manual' })).status).toBe(400);
    expect((await fetch(path, { redirect: 'manual', headers: { cookie: attempt } })).status).toBe(302);
    const replay = await fetch(path, { redirect: 'manual', headers: { cookie: attempt } });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ message: 'Sign-in expired or was started in another browser: start again at /api/login' });
  });

  it('should refuse a member the provider gives no email for', async () => {
    provider.nextUser = { sub: 'no-mail' };
    const { callback } = await signInThrough(gateway);
    expect(callback.status).toBe(400);
    expect(await callback.json()).toEqual({ message: 'Sign-in failed: the provider did not share an email address' });
  });

  it('should return the member to the page sign-in began from', async () => {
    provider.nextUser = { sub: 'fay', email: 'fay@example.com' };
    const page = '/messages?with=oidc%7Cdana#latest';
    const { callback } = await signInThrough(gateway, '', `/api/login?${new URLSearchParams({ returnTo: page }).toString()}`);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe(page);
  });

  it('should return to the page as a browser spells it, which a Location header can carry', async () => {
    provider.nextUser = { sub: 'fern', email: 'fern@example.com' };
    const { callback } = await signInThrough(gateway, '', `/api/login?${new URLSearchParams({ returnTo: '/learn/../profile/€' }).toString()}`);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/profile/%E2%82%AC');
  });

  it('should refuse a returnTo that would leave the site, before anything is remembered', async () => {
    for (const returnTo of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', '/\t/evil.example', '/.//evil.example', '/api/logout', '/x/../api/logout', '/%61pi/logout', 'messages']) {
      const login = await fetch(`${gateway.url}/api/login?${new URLSearchParams({ returnTo }).toString()}`, { redirect: 'manual' });
      expect(login.status, returnTo).toBe(400);
      expect(await login.json()).toMatchObject({ message: 'querystring.returnTo: must be a path on this site, like /messages' });
      expect(parseSetCookies(login).has('fm.auth')).toBe(false);
    }
  });

  it('should end the session on logout', async () => {
    provider.nextUser = { sub: 'gail', email: 'gail@example.com' };
    const cookie = sessionCookieOf((await signInThrough(gateway)).callback);
    const logout = await fetch(`${gateway.url}/api/logout`, { redirect: 'manual', headers: { cookie } });
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('/');
    expect(parseSetCookies(logout).get('fm.sid')?.value).toBe('');
    expect(await actorWith(gateway, cookie)).toBeNull();
  });

  it('should use __Host- cookies with Secure when PUBLIC_URL is https', async () => {
    const secure = await gatewayFor({ publicUrl: 'https://freemarket.example' });
    try {
      provider.nextUser = { sub: 'hank', email: 'hank@example.com' };
      const login = await fetch(`${secure.url}/api/login`, { redirect: 'manual' });
      const attempt = parseSetCookies(login).get('__Host-fm.auth')!;
      expect(attempt.attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
      const back = new URL((await fetch(login.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!);
      expect(back.origin).toBe('https://freemarket.example');
      const callback = await fetch(`${secure.url}${back.pathname}${back.search}`, { redirect: 'manual', headers: { cookie: `__Host-fm.auth=${attempt.value}` } });
      expect(callback.status).toBe(302);
      const session = parseSetCookies(callback).get('__Host-fm.sid')!;
      expect(session.attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
      expect(session.attributes.some((a) => a.startsWith('domain'))).toBe(false);
      expect(callback.headers.get('strict-transport-security')).toBeTruthy();
    } finally {
      await secure.destroy();
    }
  });

  it('should boot without the provider, answer 503 fast, and discover it once it is up', async () => {
    const port = await freePort();
    const late = await gatewayFor({ oidc: { issuerUrl: `http://127.0.0.1:${port}`, clientId: provider.clientId, clientAuthMethod: 'client_secret_post' } });
    let lateProvider: TestOidcProvider | undefined;
    try {
      const started = Date.now();
      const down = await fetch(`${late.url}/api/login`, { redirect: 'manual' });
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ message: 'Service Unavailable: the sign-in provider is not reachable' });
      expect(Date.now() - started).toBeLessThan(1000);
      expect((await fetch(`${late.url}/api/posts`)).status).toBe(200);

      lateProvider = await startTestOidcProvider(port);
      await new Promise((r) => setTimeout(r, 1100));
      const up = await fetch(`${late.url}/api/login`, { redirect: 'manual' });
      expect(up.status).toBe(302);
      expect(up.headers.get('location')).toMatch(new RegExp(`^http://127.0.0.1:${port}/authorize`));
    } finally {
      await late.destroy();
      await lateProvider?.close();
    }
  });
});
