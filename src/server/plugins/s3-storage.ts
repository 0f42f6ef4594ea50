import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type Storage, type StoredFile } from './storage.js';
import { DependencyUnavailable, isNetworkError } from './outage.js';

export interface S3Options {
  /** s3://bucket or s3://bucket/prefix */
  url: string;
  /** An S3-compatible server (S3_ENDPOINT); unset: AWS itself. */
  endpoint?: string;
  region: string;
  /** From the environment (AWS_ACCESS_KEY_ID…) when unset. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /**
   * A connection not made, or a call silent (no byte either way), this long has failed
   * (STORAGE_TIMEOUT_SECONDS; default 5 s). Silence, not duration: a large export still uploads.
   */
  timeoutMs?: number;
}

/** Tries per call: one retry covers a dropped connection; more would only keep a user waiting on a store that is away. */
const ATTEMPTS = 2;

/**
 * Whether an SDK error means the store is unreachable or failing (network, time-out, a 5xx such as
 * 503 SlowDown), rather than a refusal that will not change by waiting (access denied, no bucket).
 */
export function isStoreOutage(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  if (error instanceof S3ServiceException) return (error.$metadata.httpStatusCode ?? 500) >= 500;
  return (
    error instanceof Error &&
    (error.name === 'AbortError' || /socket hang up|timed out|ECONNRESET|EPIPE/.test(error.message))
  );
}

/** The SDK's error as DependencyUnavailable when the store is away, else as it was. */
function storeError(error: unknown): unknown {
  return isStoreOutage(error) ? new DependencyUnavailable('storage', error) : error;
}

export interface S3Storage extends Storage {
  /** Reachable and the bucket exists (readiness). */
  check(): Promise<void>;
  close(): void;
}

export function parseStorageUrl(url: string): { bucket: string; prefix: string } {
  const m = /^s3:\/\/([^/]+)\/?(.*)$/.exec(url);
  if (!m) throw new Error(`not an s3:// URL: ${url}`);
  const prefix = m[2]!.replace(/\/+$/, '');
  return { bucket: m[1]!, prefix: prefix ? `${prefix}/` : '' };
}

/**
 * The object's body, failing as DependencyUnavailable when the store stops sending mid-way (its
 * socket went silent past the timeout, or broke): a zip or export reading it learns why.
 */
function tagged(body: Readable): Readable {
  const out = new PassThrough();
  body.on('error', (e) => out.destroy(storeError(e) as Error));
  out.on('close', () => {
    if (!body.readableEnded) body.destroy();
  });
  return body.pipe(out);
}

/** The SDK's client: checksums only when required, bounded waits, its own logging silenced. */
function s3Client(options: S3Options): S3Client {
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: Boolean(options.endpoint),
    credentials: options.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: ATTEMPTS,
    // Without a logger of its own the SDK writes some failures (a streamed upload it cannot retry)
    // to the console; what matters reaches the app as DependencyUnavailable and is logged there.
    logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
    // The SDK waits forever by default: a frozen store would hold an upload (and its user) for good.
    requestHandler: {
      connectionTimeout: options.timeoutMs ?? 5_000,
      socketTimeout: options.timeoutMs ?? 5_000,
    },
  });
}

/**
 * A stream put as one object. A single PUT needs the length up front and the stream's is unknown:
 * spool it to a temporary file (never to memory), then send that. S3 shows an object whole or not
 * at all. Answers the bytes written. The key is checked when sent, after the spooling (as ever).
 */
async function spoolAndPut(
  send: S3Client['send'],
  bucket: string,
  keyOf: () => string,
  data: Readable,
): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ananas-s3-'));
  try {
    const file = path.join(dir, 'body');
    await pipeline(data, createWriteStream(file));
    const { size } = await stat(file);
    await send(
      new PutObjectCommand({ Bucket: bucket, Key: keyOf(), Body: createReadStream(file), ContentLength: size }),
    );
    return size;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Files in an S3 bucket (or any S3-compatible server), the same contract as the local folder.
 * Checksums only when required: the SDK's default (flexible checksums on every request) sends
 * aws-chunked bodies that several S3-compatible servers store as is, corrupting the file.
 */
export function s3Storage(options: S3Options): S3Storage {
  const { bucket, prefix } = parseStorageUrl(options.url);
  const client = s3Client(options);
  /** Every call through here, so an unreachable store is one kind of error wherever it is met. */
  const send: S3Client['send'] = (async (command: Parameters<S3Client['send']>[0]) => {
    try {
      return await client.send(command);
    } catch (e) {
      throw storeError(e);
    }
  }) as S3Client['send'];
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return prefix + key;
  };
  const list = async (folder: string): Promise<StoredFile[]> => {
    const files: StoredFile[] = [];
    let token: string | undefined;
    do {
      const out = await send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: objectKey(folder), ContinuationToken: token }),
      );
      for (const o of out.Contents ?? [])
        if (o.Key) files.push({ key: o.Key.slice(prefix.length), modifiedAt: o.LastModified ?? new Date(0) });
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
    return files;
  };
  return {
    list,
    async put(key, data) {
      await send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: data, ContentLength: data.length }));
    },
    async write(key, data) {
      return spoolAndPut(send, bucket, () => objectKey(key), data);
    },
    async open(key) {
      try {
        const out = await send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        if (!out.Body) return undefined;
        return { stream: tagged(out.Body as Readable), size: Number(out.ContentLength ?? 0) };
      } catch (e) {
        if (e instanceof NoSuchKey || (e instanceof S3ServiceException && e.$metadata.httpStatusCode === 404))
          return undefined;
        throw e;
      }
    },
    async remove(key) {
      // A "folder" (keys under key/) goes too, as on disk.
      const k = objectKey(key);
      await send(new DeleteObjectCommand({ Bucket: bucket, Key: k }));
      const under = await list(`${key.replace(/\/+$/, '')}/`);
      for (const f of under) await send(new DeleteObjectCommand({ Bucket: bucket, Key: prefix + f.key }));
    },
    async check() {
      await send(new HeadBucketCommand({ Bucket: bucket }));
    },
    close() {
      client.destroy();
    },
  };
}
