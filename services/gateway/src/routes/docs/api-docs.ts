import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { OPENAPI_PATH, textAnswer, UnavailableError, type App } from '@freemarket/kit';
import { z } from 'zod';
import type { GatewayContext } from '../../context.js';
import { SERVICE_NAMES } from '../../proxy/routing-table.js';
import { mergeOpenApi, type MergedOpenApiDocument, type OpenApiDocument } from './merge-openapi.js';

/** The reference page's own policy: Swagger UI's script and styles from here, no inline script. */
const DOCS_CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>FreeMarket API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<main id="api-reference"></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

const INIT = "window.addEventListener('load', function () { window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#api-reference', deepLinking: true }); });\n";

/** Swagger UI's prebuilt files, from its npm package. */
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** What the merged document promises of itself; its operations are described by the services. */
const documentSchema = z
  .looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.record(z.string(), z.unknown())) })
  .describe('The whole API as one OpenAPI 3.1 document');

const ASSETS = { 'swagger-ui.css': 'text/css; charset=utf-8', 'swagger-ui-bundle.js': 'text/javascript; charset=utf-8' } as const;

async function fetchDocument(ctx: GatewayContext, service: (typeof SERVICE_NAMES)[number]): Promise<OpenApiDocument> {
  const answer = await ctx.forwarders.get(service)!.call(OPENAPI_PATH);
  if (answer.status !== 200) {
    await answer.discard();
    throw new Error(`${service} answered ${answer.status} for its API description`);
  }
  return (await answer.json()) as OpenApiDocument;
}

/**
 * `GET /api/openapi.json`, the whole API as one OpenAPI 3.1 document merged from the services' own,
 * and `GET /api/docs`, an interactive reference page (Swagger UI) reading it. The merged document
 * is kept once every service has answered: a service's routes change only with a new release.
 */
export function registerApiDocs(app: App, ctx: GatewayContext): void {
  let merged: Promise<MergedOpenApiDocument> | null = null;
  const document = () => {
    merged ??= Promise.all(SERVICE_NAMES.map(async (service) => ({ service, document: await fetchDocument(ctx, service) }))).then((parts) =>
      mergeOpenApi([{ service: 'gateway', document: app.swagger() as OpenApiDocument }, ...parts]),
    );
    return merged.catch((cause: unknown) => {
      merged = null;
      throw new UnavailableError('The API description is not available right now', { cause });
    });
  };

  app.get('/api/openapi.json', { schema: { response: { 200: documentSchema } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return reply.send({ ...(await document()) });
  });
  app.get('/api/docs', { schema: { response: { 200: textAnswer('text/html', 'The interactive API reference') } } }, async (_req, reply) => {
    reply.header('content-security-policy', DOCS_CONTENT_SECURITY_POLICY).header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(PAGE);
  });
  app.get('/api/docs/init.js', { schema: { hide: true } }, async (_req, reply) => reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(INIT));
  for (const [file, type] of Object.entries(ASSETS)) {
    app.get(`/api/docs/${file}`, { schema: { hide: true } }, async (_req, reply) => reply.header('cache-control', 'public, max-age=3600').type(type).send(createReadStream(join(SWAGGER_UI_DIR, file))));
  }
}
