import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTING_TABLE } from '../../services/gateway/src/proxy/routing-table.js';
import { startTestStack, type TestStack } from '@freemarket/testing/stack';

let stack: TestStack;

interface Answer {
  description?: string;
  headers?: Record<string, { schema?: object }>;
  content?: Record<string, { schema?: object }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, { tags?: string[]; responses?: Record<string, Answer> }>>;
}
let document: Document;

beforeAll(async () => {
  stack = await startTestStack();
  const res = await fetch(`${stack.url}/api/openapi.json`);
  expect(res.status).toBe(200);
  document = (await res.json()) as Document;
});
afterAll(async () => {
  await stack?.stop();
});

/** A path with its parameters blanked, so `/api/posts/{id}` and `/api/posts/${post.id}` compare equal. */
const shapeOf = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

/**
 * What a declared success answer lacks: 204 and redirects have no body (a redirect says where to
 * in `Location`); any other has a schema for each content type. @fastify/swagger's placeholder for
 * a route without a response schema (a bare 200) fails here.
 */
function answerProblems(code: string, answer: Answer): string[] {
  const media = Object.entries(answer.content ?? {});
  if (code === '204' || code.startsWith('3')) {
    const where = code.startsWith('3') && !answer.headers?.location?.schema ? ['a redirect without its Location header'] : [];
    return [...where, ...(media.length > 0 ? ['a body on an answer that has none'] : [])];
  }
  if (media.length === 0) return ['no content type declared'];
  return media.filter(([, m]) => !m.schema || Object.keys(m.schema).length === 0).map(([type]) => `${type} without a schema`);
}

/** Every `/api/…` address the web client writes, its interpolations read as path parameters. */
function webClientCalls(): string[] {
  const calls = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) {
        // Query keys name their cache entries after a path but call nothing.
        for (const line of readFileSync(path, 'utf8').split('\n').filter((l) => !/queryKey|KeyRoot/.test(l))) {
          for (const match of line.matchAll(/[`'](\/api\/[^`'?\s]*)/g)) calls.add(match[1]!.replace(/\$\{[^}]+\}/g, '{}').replace(/\/$/, ''));
        }
      }
    }
  };
  walk(resolve(import.meta.dirname, '..', '..', 'web', 'src'));
  return [...calls].sort();
}

describe('the API as a published contract', () => {
  it('serves one OpenAPI 3.1 document of every service, each operation tagged with the service that answers it', () => {
    expect(document.openapi).toBe('3.1.0');
    const tags = new Set(Object.values(document.paths).flatMap((item) => Object.values(item).flatMap((op) => op.tags ?? [])));
    expect([...tags].sort()).toEqual(['commerce', 'directory', 'gateway', 'identity', 'messaging', 'rewards', 'social']);
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/'))).toBe(true);
  });

  it('describes something behind every prefix the gateway forwards', () => {
    const paths = Object.keys(document.paths);
    const undocumented = ROUTING_TABLE.filter((r) => r.kind === 'api').filter((r) => !paths.some((p) => p === r.prefix || p.startsWith(`${r.prefix}/`)));
    expect(undocumented).toEqual([]);
  });

  it('documents every address the web client calls', () => {
    const documented = Object.keys(document.paths).map((p) => shapeOf(p).split('/'));
    const calls = webClientCalls();
    expect(calls.length).toBeGreaterThan(40);
    // A value the client interpolates matches any one segment (`/api/events/${kind}/{id}` is
    // `/api/events/hosted/{userId}`); a prefix it completes at run time matches the paths below it.
    const matches = (call: string[], path: string[]) => call.length <= path.length && call.every((segment, i) => segment === '{}' || segment === path[i]) && (call.length === path.length || call.at(-1) !== '{}');
    const missing = calls.filter((call) => !documented.some((path) => matches(call.split('/'), path)));
    expect(missing).toEqual([]);
  });

  it('is the API docs/api.md describes: every operation there, and none it names that the document lacks', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${shapeOf(path)}`));
    // Each `METHOD /api/…` the page writes in code, its query left out.
    const page = readFileSync(resolve(import.meta.dirname, '..', '..', 'docs', 'api.md'), 'utf8');
    const described = new Set([...page.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`?\s]*)[^`]*`/g)].map((m) => `${m[1]} ${shapeOf(m[2]!)}`));
    expect(operations.filter((operation) => !described.has(operation))).toEqual([]);
    expect([...described].filter((operation) => !operations.includes(operation))).toEqual([]);
  });

  it('declares the real success answer of every operation: a body of each content type with its schema, 204 with none, or a redirect with where to', () => {
    const problems = Object.entries(document.paths)
      .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op.responses ?? {}] as const))
      .flatMap(([operation, responses]) => {
        // `default` stands for any other answer, so it never counts as the success answer.
        const successes = Object.entries(responses).filter(([code]) => /^[23]\d\d$/.test(code));
        if (successes.length === 0) return [`${operation}: no success answer`];
        return successes.flatMap(([code, answer]) => answerProblems(code, answer).map((problem) => `${operation} ${code}: ${problem}`));
      });
    expect(problems).toEqual([]);
  });

  it('declares what every change answers on success: its JSON, or 204 with no content', () => {
    const undeclared = Object.entries(document.paths)
      .flatMap(([path, item]) => Object.entries(item).filter(([method]) => method !== 'get').map(([method, op]) => [`${method.toUpperCase()} ${path}`, op.responses ?? {}] as const))
      .filter(([, responses]) => !Object.entries(responses).some(([code, answer]) => code === '204' || (code.startsWith('2') && typeof answer === 'object' && answer !== null && 'content' in answer)))
      .map(([operation]) => operation);
    expect(undeclared).toEqual([]);
  });

  it('serves the interactive reference at /api/docs under a policy that allows no inline script', async () => {
    const page = await fetch(`${stack.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    for (const asset of [...html.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)].map((m) => m[1]!)) {
      const res = await fetch(`${stack.url}${asset}`);
      expect(res.status, asset).toBe(200);
      await res.arrayBuffer();
    }
  });
});
