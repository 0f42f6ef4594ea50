import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where uploaded and generated files live. Keys are server-made, never taken from a file name. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Write a stream to `key` without holding it in memory; the file appears whole or not at all
   * (a failed or killed write leaves no half file under the key). Answers the bytes written.
   */
  write(key: string, data: Readable): Promise<number>;
  /** undefined when there is no such file. */
  open(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  remove(key: string): Promise<void>;
  /** Every file whose key starts with `prefix` (a folder, ending in "/"), with when it was written. */
  list(prefix: string): Promise<StoredFile[]>;
}

export interface StoredFile {
  key: string;
  modifiedAt: Date;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
}

/** Files in a folder under DATA_DIR. */
export function localStorage(root: string): Storage {
  const resolve = (key: string): string => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async write(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const part = `${file}.part`;
      try {
        await pipeline(data, createWriteStream(part));
        await rename(part, file);
      } catch (e) {
        await rm(part, { force: true });
        throw e;
      }
      return (await stat(file)).size;
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
    async list(prefix) {
      const dir = resolve(prefix);
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return [];
        throw e;
      });
      const files: StoredFile[] = [];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const info = await stat(file).catch(() => undefined);
        if (info) files.push({ key: path.relative(root, file).split(path.sep).join('/'), modifiedAt: info.mtime });
      }
      return files;
    },
  };
}
