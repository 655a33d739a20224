import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet, startGateway, startStack, testConfig, type RunningGateway, type TestStack } from './_util.js';

let stack: TestStack;
let gateway: RunningGateway;
let dist: string;

const INDEX = '<!doctype html><title>FreeMarket</title><div id="root"></div>';
const BUNDLE = 'console.log("FreeMarket");'.repeat(50);

beforeAll(async () => {
  stack = await startStack();
  dist = await mkdtemp(join(tmpdir(), 'fm-web-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'assets', 'index-3f9a1c.js'), BUNDLE);
  await writeFile(join(dist, 'assets', 'index-3f9a1c.js.br'), brotliCompressSync(BUNDLE));
  await writeFile(join(dist, 'assets', 'index-3f9a1c.js.gz'), gzipSync(BUNDLE));
  await writeFile(join(dist, 'assets', 'index-3f9a1c.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
  await writeFile(join(dist, 'favicon.svg'), '<svg/>');
  gateway = await startGateway(testConfig(stack, { web: { distDir: dist } }));
});

afterAll(async () => {
  await gateway?.destroy();
  await stack?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('web app', () => {
  it.each(['/', '/connections', '/profile/42', '/messages?with=7'])('should serve index.html for the page %s', async (path) => {
    const res = await fetch(`${gateway.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(INDEX);
  });

  it('should give every page a content security policy that allows no inline or foreign script but Stripe’s, and frames only from Stripe and the video players', async () => {
    for (const path of ['/', '/checkout', '/index.html']) {
      const policy = (await fetch(`${gateway.url}${path}`)).headers.get('content-security-policy') ?? '';
      const directives = new Map(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      // Stripe's frames and the two tutorial video players, nothing wider.
      expect(directives.get('frame-src')).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
      expect(directives.has('child-src')).toBe(false);
    }
    const page = await fetch(`${gateway.url}/`);
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(page.headers.get('permissions-policy')).toContain('camera=()');
  });

  it('should not serve the source maps the build keeps for operators', async () => {
    expect((await fetch(`${gateway.url}/assets/index-3f9a1c.js.map`)).status).toBe(404);
    expect((await fetch(`${gateway.url}/assets/index-3f9a1c.js`)).status).toBe(200);
  });

  it('should cache hashed assets for good', async () => {
    const res = await fetch(`${gateway.url}/assets/index-3f9a1c.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('should serve the precompressed variant the browser accepts', async () => {
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip']] as const) {
      const res = await fetch(`${gateway.url}/assets/index-3f9a1c.js`, { headers: { 'accept-encoding': accept } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await res.text()).toBe(BUNDLE);
    }
    const plain = await rawGet(gateway.url, '/assets/index-3f9a1c.js');
    expect(plain.body).toBe(BUNDLE);
  });

  it('should serve other files with revalidation', async () => {
    const res = await fetch(`${gateway.url}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('should answer a missing asset with 404 rather than the page', async () => {
    expect((await fetch(`${gateway.url}/assets/gone-123.js`)).status).toBe(404);
  });

  it('should answer unknown API paths with 404 JSON, never the page', async () => {
    for (const path of ['/api/nope', '/api', '/api/login-typo']) {
      const res = await fetch(`${gateway.url}${path}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not Found' });
    }
  });

  it('should not serve files outside the build', async () => {
    for (const path of ['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2f..%2fetc/passwd', '/..%5c..%5cetc/passwd']) {
      const res = await rawGet(gateway.url, path);
      expect(res.body).not.toMatch(/root:/);
    }
  });

  it('should explain how to build the web app when it is missing', async () => {
    const bare = await startGateway(testConfig(stack, { web: { distDir: join(dist, 'missing') } }));
    try {
      const res = await fetch(`${bare.url}/connections`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { message: string }).message).toMatch(/npm run build:web/);
      expect((await fetch(`${bare.url}/api/posts`)).status).toBe(200);
    } finally {
      await bare.destroy();
    }
  });
});
