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
    transform: describeAnswers,
  });
  app.get(OPENAPI_PATH, { config: { memberOnly: false }, schema: { hide: true } }, () => app.swagger());
}

/** The answer of a route that succeeds with nothing to say (a delete): 204, declared so the document shows it. */
export const noContent = { 204: z.null().describe('Done; no content') };

/**
 * An answer that is not one JSON schema: a body per content type (Fastify picks the serializer by
 * the reply's type) and response headers, each a zod schema. Without `content` it has no body.
 */
export interface DescribedAnswer {
  description: string;
  headers?: Record<string, z.ZodType>;
  content?: Record<string, { schema: z.ZodType }>;
}

/** The answer of a navigation that sends the browser on: 302 with where to, and no body. */
export function redirectAnswer(description: string): { 302: DescribedAnswer } {
  return { 302: { description, headers: { location: z.string().describe('Where the browser goes next') } } };
}

/** A text answer of one content type (a calendar, a CSV file, a page), its body a string. */
export function textAnswer<const M extends string>(mediaType: M, description: string): { description: string; content: Record<M, { schema: z.ZodString }> } {
  return { description, content: { [mediaType]: { schema: z.string() } } as Record<M, { schema: z.ZodString }> };
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type TransformOutput = ReturnType<typeof jsonSchemaTransform>;

const isDescribedAnswer = (answer: unknown): answer is DescribedAnswer =>
  typeof answer === 'object' && answer !== null && !(answer instanceof z.ZodType) && ('content' in answer || 'headers' in answer);

/**
 * The type provider's transform, which knows only one zod schema per status, extended to
 * `DescribedAnswer`s: each of their schemas is converted the same way, then @fastify/swagger lists
 * the content types and headers as OpenAPI's `content` and `headers`.
 */
function describeAnswers(input: TransformInput): TransformOutput {
  const response = input.schema?.response as Record<string, unknown> | undefined;
  if (!response || input.schema.hide || !Object.values(response).some(isDescribedAnswer)) return jsonSchemaTransform(input);
  const plain = Object.fromEntries(Object.entries(response).filter(([, answer]) => !isDescribedAnswer(answer)));
  const result = jsonSchemaTransform({ ...input, schema: { ...input.schema, response: plain } });
  const converted = (schema: z.ZodType): unknown => {
    const json = (jsonSchemaTransform({ ...input, schema: { response: { 200: schema } } }).schema as { response: Record<number, Record<string, unknown>> }).response[200];
    // A document's own keywords, which @fastify/swagger strips from the top of a response only.
    const { $schema: _schema, $id: _id, ...rest } = json ?? {};
    return rest;
  };
  const mapValues = <T, U>(record: Record<string, T>, fn: (value: T) => U) => Object.fromEntries(Object.entries(record).map(([key, value]) => [key, fn(value)]));
  const described = Object.entries(response).flatMap(([status, answer]) => {
    if (!isDescribedAnswer(answer)) return [];
    const headers = answer.headers ? { headers: mapValues(answer.headers, converted) } : {};
    // @fastify/swagger leaves out the content of a `null` answer, and lists a `content` map as is.
    const body = answer.content ? { content: mapValues(answer.content, ({ schema }) => ({ schema: converted(schema) })) } : { type: 'null' };
    return [[status, { description: answer.description, ...headers, ...body }]];
  });
  return { ...result, schema: { ...result.schema, response: { ...(result.schema as { response?: object }).response, ...Object.fromEntries(described) } } };
}
