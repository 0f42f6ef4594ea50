import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { PRECOMPRESS_MIN_BYTES, PRECOMPRESSED } from '../src/shared/precompressed.js';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Write file.br (brotli, quality 11) and file.gz (gzip, level 9) beside a text file of the build.
 * A file under PRECOMPRESS_MIN_BYTES, or a variant not smaller than the file, is not written:
 * the server then sends the file itself.
 */
export async function precompressFile(file: string): Promise<void> {
  if (!PRECOMPRESSED.test(file) || (await stat(file)).size < PRECOMPRESS_MIN_BYTES) return;
  const data = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < data.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped);
}

/**
 * The build stores its text files compressed, once, so the server sends them as they are
 * (@fastify/static `preCompressed`) instead of compressing per request or not at all.
 */
export function precompress(): Plugin {
  return {
    name: 'ananas-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      // A build thrown away after one test (tests/e2e/helpers/client-variant.ts) skips it: brotli at
      // quality 11 was 12 s of that build's 16, for files no one downloads compressed.
      if (process.env.ANANAS_PRECOMPRESS === '0') return;
      const dir = options.dir ?? path.dirname(options.file ?? '');
      await Promise.all(Object.keys(bundle).map((name) => precompressFile(path.join(dir, name))));
    },
  };
}
