import { PassThrough, type Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

export interface HtmlStream {
  /** What is written here goes out compressed; `send` puts what is written so far on the wire. */
  stream: Transform;
  send(): void;
  /** Content-Encoding, when compressed. */
  encoding?: 'br' | 'gzip';
}

/**
 * A page made per request (a server-rendered first screen: 100-200 KB of markup, styles and data,
 * sent in parts) compressed as the browser accepts, like the build's precompressed files: brotli at
 * a fast level (a few milliseconds, in zlib's pool), else gzip, else as it is. Each part is flushed
 * through the compressor, so the browser can read the head before the rest is written.
 */
export function htmlStream(acceptEncoding: string | undefined): HtmlStream {
  const encoding = acceptEncoding ? negotiate(acceptEncoding, ['br', 'gzip']) : undefined;
  if (encoding === 'br') {
    const stream = createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return { stream, send: () => stream.flush(), encoding: 'br' };
  }
  if (encoding === 'gzip') {
    const stream = createGzip();
    return { stream, send: () => stream.flush(), encoding: 'gzip' };
  }
  return { stream: new PassThrough(), send: () => undefined };
}
