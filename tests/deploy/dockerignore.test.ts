import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Rule {
  pattern: string;
  negated: boolean;
  regexp: RegExp;
}

/**
 * `.dockerignore` as Docker reads it: one pattern a line, `#` comments, `!` re-includes; `*` and
 * `?` stay within a path segment, `**` spans any number of them (none included); a pattern
 * matching a folder leaves out all it holds; the last pattern that matches a path decides.
 */
function readDockerignore(): Rule[] {
  return readFileSync(`${ROOT}.dockerignore`, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!');
      const pattern = (negated ? line.slice(1) : line).replace(/^\/+|\/+$/g, '');
      if (/[[\\]/.test(pattern)) throw new Error(`${pattern}: character classes and escapes are not read here`);
      return { pattern: line, negated, regexp: patternRegExp(pattern) };
    });
}

function patternRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '*' && pattern[i + 1] === '*') {
      i++;
      if (pattern[i + 1] === '/') {
        i++;
        source += '(?:.*/)?';
      } else source += '.*';
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** Whether the build context leaves `path` (relative to the repository) out of the image. */
function leftOut(rules: Rule[], path: string): boolean {
  const parts = path.split('/');
  const selfAndFolders = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  let out = false;
  for (const rule of rules) if (selfAndFolders.some((p) => rule.regexp.test(p))) out = !rule.negated;
  return out;
}

describe('.dockerignore', () => {
  const rules = readDockerignore();

  it('should keep secrets out of the image: .env (scripts/generate-keys.ts writes the private keys there), its variants, keys and certificates', () => {
    const secrets = ['.env', '.env.local', '.env.production', 'web/.env', 'services/identity/.env.local', 'deploy/tls/site.pem', 'site.key', 'deploy/tls/client.p12', '.npmrc'];
    expect(secrets.filter((path) => !leftOut(rules, path))).toEqual([]);
  });

  it('should keep local state out: local mode\'s databases, a service\'s own data folder, test output, logs', () => {
    const local = ['data/identity/PG_VERSION', 'services/directory/data/directory/base/1', 'test-results/browser/map.png', 'coverage/index.html', 'npm-debug.log', '.git/config', 'node_modules/pino/package.json'];
    expect(local.filter((path) => !leftOut(rules, path))).toEqual([]);
  });

  it('should leave every file of the repository in the build context', () => {
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
    expect(tracked.length).toBeGreaterThan(100);
    expect(tracked.filter((path) => leftOut(rules, path))).toEqual([]);
  });

  it('should read patterns as Docker does', () => {
    const read = (...lines: string[]) => lines.map((line) => ({ pattern: line, negated: line.startsWith('!'), regexp: patternRegExp(line.replace(/^!/, '')) }));
    expect(leftOut(read('.env'), 'web/.env')).toBe(false);
    expect(leftOut(read('**/.env'), '.env')).toBe(true);
    expect(leftOut(read('**/.env'), 'a/b/.env')).toBe(true);
    expect(leftOut(read('*.pem'), 'a/site.pem')).toBe(false);
    expect(leftOut(read('services/*/data'), 'services/social/data/social/x')).toBe(true);
    expect(leftOut(read('.env.*', '!.env.example'), '.env.example')).toBe(false);
    expect(leftOut(read('.env.*', '!.env.example'), '.env.local')).toBe(true);
  });
});
