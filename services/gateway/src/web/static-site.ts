import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { NotFoundError, UnavailableError, type App } from '@freemarket/kit';
import { pathKind, pathOf } from '../http/path-kind.js';
import { PAGE_CONTENT_SECURITY_POLICY } from '../http/security-headers.js';

const INDEX = 'index.html';
/** Vite puts content-hashed bundles here: a new build means new names, so they can be cached for good. */
const HASHED_ASSETS = '/assets/';

/**
 * Serves the built web client from `distDir`, and `index.html` for any other page path so the
 * client-side router can take it (the single-page-app fallback). Whether the build exists is
 * checked per request, so running `npm run build:web` needs no restart.
 */
export async function registerWebApp(app: App, distDir: string): Promise<void> {
  // The web build writes .br and .gz beside each asset; they are served to browsers that accept them.
  await app.register(fastifyStatic, { root: distDir, serve: false, cacheControl: false, preCompressed: true, suppressWarning: true });

  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    const path = pathOf(req.url);
    // Unknown /api, /oidc and /socket.io paths are API misses, not pages.
    if (pathKind(path) !== 'web') throw new NotFoundError();
    // Source maps stay on the server for operators' error tools; browsers get the minified code only.
    if (path.endsWith('.map')) throw new NotFoundError();
    const asset = await findFile(distDir, path);
    if (asset) {
      reply.header('cache-control', path.startsWith(HASHED_ASSETS) ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (asset.endsWith('.html')) reply.header('content-security-policy', PAGE_CONTENT_SECURITY_POLICY);
      return reply.sendFile(asset);
    }
    if (path.startsWith(HASHED_ASSETS)) throw new NotFoundError();
    return sendIndex(reply, distDir);
  });
}

async function sendIndex(reply: FastifyReply, distDir: string): Promise<FastifyReply> {
  if (!(await findFile(distDir, `/${INDEX}`))) {
    throw new UnavailableError('Service Unavailable: the web app is not built; run `npm run build:web` and reload');
  }
  // Always revalidated, so a deploy reaches browsers on their next navigation.
  reply.header('cache-control', 'no-cache');
  reply.header('content-security-policy', PAGE_CONTENT_SECURITY_POLICY);
  return reply.sendFile(INDEX);
}

/** The file under `distDir` a URL path names, relative to it, or null; never a path outside it. */
async function findFile(distDir: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const absolute = resolve(distDir, `.${decoded}`);
  if (!absolute.startsWith(distDir + sep)) return null;
  try {
    return (await stat(absolute)).isFile() ? absolute.slice(distDir.length + 1) : null;
  } catch {
    return null;
  }
}
