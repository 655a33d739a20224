import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from './app.js';

/** Where each service publishes its own part of the API's OpenAPI document; the gateway merges them. */
export const OPENAPI_PATH = '/internal/openapi.json';

/**
 * Describes the service's routes as OpenAPI 3.1, generated from their zod schemas by
 * @fastify/swagger with the type provider's transform, so the document cannot drift from what the
 * routes accept and answer. Registered before any route: the plugin learns routes as they are added.
 */
export async function describeApi(app: App, service: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: { openapi: '3.1.0', info: { title: `FreeMarket ${service}`, version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  app.get(OPENAPI_PATH, { config: { memberOnly: false }, schema: { hide: true } }, () => app.swagger());
}

/** The answer of a route that succeeds with nothing to say (a delete): 204, declared so the document shows it. */
export const noContent = { 204: z.null().describe('Done; no content') };
