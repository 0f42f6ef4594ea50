import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded and generated files live. Keys are server-made, never taken from a file name. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** undefined when there is no such file. */
  open(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

/** Files in a folder under DATA_DIR. */
export function localStorage(root: string): Storage {
  const resolve = (key: string): string => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async open(key) {
      const file = resolve(key);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { stream: createReadStream(file), size: info.size };
    },
    async remove(key) {
      await rm(resolve(key), { force: true, recursive: true });
    },
  };
}
