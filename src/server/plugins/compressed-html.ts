import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export interface Encoded {
  body: Buffer | string;
  /** Content-Encoding, when compressed. */
  encoding?: 'br' | 'gzip';
}

/**
 * A page made per request (a server-rendered first screen: 100-200 KB of markup, styles and data)
 * compressed as the browser accepts, like the build's precompressed files: brotli at a fast level
 * (a few milliseconds, off the main thread, in zlib's pool), else gzip, else as it is.
 */
export async function compressedHtml(html: string, acceptEncoding: string | undefined): Promise<Encoded> {
  const encoding = acceptEncoding ? negotiate(acceptEncoding, ['br', 'gzip']) : undefined;
  if (encoding === 'br')
    return { body: await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), encoding: 'br' };
  if (encoding === 'gzip') return { body: await gzipped(html), encoding: 'gzip' };
  return { body: html };
}
