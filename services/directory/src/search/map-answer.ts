import { Readable } from 'node:stream';

/**
 * Markers per piece of the map's answer (about 24 kB). Pieces stay far below V8's large-object
 * size, so neither the service nor the socket write allocates one fresh 200 kB-3 MB block per
 * request; on hosts where a page fault is slow that is a large part of the map's cost.
 */
export const MARKERS_PER_PIECE = 64;

/** An answer written in pieces, with its size: a Content-Length lets a proxy collect a small one whole. */
export interface MapAnswer {
  body: Readable;
  bytes: number;
}

/** `{"items":[...],"truncated":…}` from the markers' JSON texts, as a stream of pieces. */
export function mapAnswer(markers: readonly string[], truncated: boolean): MapAnswer {
  let bytes = Buffer.byteLength(`{"items":[],"truncated":${truncated}}`) + Math.max(markers.length - 1, 0);
  for (const marker of markers) bytes += Buffer.byteLength(marker);
  return { body: Readable.from(mapAnswerPieces(markers, truncated)), bytes };
}

/** `{"items":[...],"truncated":…}` as consecutive pieces of text; `markers` are JSON texts. */
export function* mapAnswerPieces(markers: readonly string[], truncated: boolean): Generator<string> {
  if (markers.length === 0) {
    yield `{"items":[],"truncated":${truncated}}`;
    return;
  }
  for (let i = 0; i < markers.length; i += MARKERS_PER_PIECE) {
    const piece = markers.slice(i, i + MARKERS_PER_PIECE).join(',');
    yield i === 0 ? `{"items":[${piece}` : `,${piece}`;
  }
  yield `],"truncated":${truncated}}`;
}
