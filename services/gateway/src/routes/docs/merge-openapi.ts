/** The parts of an OpenAPI document the merge reads; the rest of each service's document is dropped. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  tags?: Array<{ name: string; description?: string }>;
}

/** The merged document: every operation is under `paths`. */
export type MergedOpenApiDocument = OpenApiDocument & { paths: Record<string, Record<string, unknown>> };

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/**
 * One document for the whole API from the services' own: their public `/api/` paths, each
 * operation tagged with the service that answers it. Internal paths stay out.
 */
export function mergeOpenApi(parts: ReadonlyArray<{ service: string; document: OpenApiDocument }>): MergedOpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Record<string, Record<string, unknown>> = {};
  for (const { service, document } of parts) {
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      if (!path.startsWith('/api/')) continue;
      const operations: Record<string, unknown> = {};
      for (const [method, operation] of Object.entries(item)) {
        if (METHODS.has(method) && typeof operation === 'object' && operation !== null) operations[method] = { ...operation, tags: [service] };
      }
      paths[path] = { ...paths[path], ...operations };
    }
    for (const [kind, entries] of Object.entries(document.components ?? {})) components[kind] = { ...components[kind], ...entries };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'FreeMarket API',
      version: '1.0.0',
      description: 'Every call the web client makes, generated from the services’ request and response schemas. Signed-in calls carry the session cookie; writes need the site’s Origin.',
    },
    tags: parts.map(({ service }) => ({ name: service })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    ...(Object.keys(components).length ? { components } : {}),
  };
}
