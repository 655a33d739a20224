import { describe, expect, it } from 'vitest';
import { text } from 'node:stream/consumers';
import { MARKERS_PER_PIECE, mapAnswer, mapAnswerPieces } from './map-answer.js';

const marker = (n: number) => JSON.stringify({ id: `m${n}`, name: `Marker "${n}"` });
const answer = (count: number, truncated: boolean) => [...mapAnswerPieces(Array.from({ length: count }, (_, n) => marker(n)), truncated)];

describe('the map answer in pieces', () => {
  it.each([0, 1, MARKERS_PER_PIECE - 1, MARKERS_PER_PIECE, MARKERS_PER_PIECE + 1, 10 * MARKERS_PER_PIECE + 3])('joins into the JSON of %i markers, in order', (count) => {
    const body = JSON.parse(answer(count, count > 100).join(''));
    expect(body).toEqual({ items: Array.from({ length: count }, (_, n) => JSON.parse(marker(n))), truncated: count > 100 });
  });

  it('never puts more than MARKERS_PER_PIECE markers in one piece', () => {
    const pieces = answer(5 * MARKERS_PER_PIECE + 1, false);
    expect(pieces).toHaveLength(7);
    for (const piece of pieces) expect(piece.split('"id"').length - 1).toBeLessThanOrEqual(MARKERS_PER_PIECE);
  });

  it.each([0, 1, MARKERS_PER_PIECE + 1])('states the exact size in bytes of %i markers, names outside ASCII included', async (count) => {
    const markers = Array.from({ length: count }, (_, n) => JSON.stringify({ id: `m${n}`, name: `Zoë’s café ${n}` }));
    const { body, bytes } = mapAnswer(markers, true);
    expect(bytes).toBe(Buffer.byteLength(await text(body)));
  });
});
