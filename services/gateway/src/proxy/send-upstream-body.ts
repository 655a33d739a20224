import type { FastifyReplyFromHooks } from '@fastify/reply-from';

/** Larger (or unsized) bodies stream through; smaller ones are collected first. */
const MAX_COLLECTED_BYTES = 64 * 1024;

type OnResponse = NonNullable<FastifyReplyFromHooks['onResponse']>;

/**
 * Most API answers are a few hundred bytes of JSON. Collecting such a body and sending it as one
 * buffer lets Node write headers and body in a single syscall, instead of piping a stream (which
 * costs a pipe setup and usually a second write). Unsized or large bodies still stream.
 */
export const sendUpstreamBody: OnResponse = (_req, reply, res) => {
  const length = Number(reply.getHeader('content-length'));
  if (!(length <= MAX_COLLECTED_BYTES)) {
    void reply.send(res.stream);
    return;
  }
  const chunks: Buffer[] = [];
  res.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.stream.once('end', () => void reply.send(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
  res.stream.once('error', (err) => void reply.send(err));
};
