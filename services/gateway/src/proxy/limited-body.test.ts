import { PassThrough, type Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BodyTooLargeError } from '@freemarket/kit';
import { AttemptBody } from './attempt-body.js';
import { isBodyTooLarge, limitedBody } from './limited-body.js';

const read = (stream: Readable) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c)).once('end', () => resolve(Buffer.concat(chunks))).once('error', reject);
  });

describe('an unsized request body held to the limit', () => {
  it('passes a body within the limit on whole', async () => {
    const source = new PassThrough();
    const body = read(limitedBody(source, 10));
    source.end(Buffer.from('0123456789'));
    expect((await body).toString()).toBe('0123456789');
  });

  it('ends with BodyTooLargeError before passing on a byte past the limit', async () => {
    const source = new PassThrough();
    const limited = limitedBody(source, 10);
    const passed: Buffer[] = [];
    limited.on('data', (c: Buffer) => passed.push(c));
    const failed = new Promise<Error>((resolve) => limited.once('error', resolve));
    source.write(Buffer.from('01234567'));
    source.write(Buffer.from('89A'));
    const error = await failed;
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect(isBodyTooLarge(new Error('wrapped', { cause: error }))).toBe(true);
    expect(Buffer.concat(passed).toString()).toBe('01234567');
  });

  it('does not bring the process down when the upload breaks off before anything reads it, and the attempt then fails', async () => {
    const source = new PassThrough();
    const attempt = new AttemptBody(limitedBody(source, 10));
    source.destroy(new Error('aborted'));
    await new Promise((resolve) => setImmediate(resolve));
    await expect(read(attempt)).rejects.toThrow('aborted');
  });
});
