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
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type Storage, type StoredFile } from './storage.js';

export interface S3Options {
  /** s3://bucket or s3://bucket/prefix */
  url: string;
  /** An S3-compatible server (S3_ENDPOINT); unset: AWS itself. */
  endpoint?: string;
  region: string;
  /** From the environment (AWS_ACCESS_KEY_ID…) when unset. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
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
 * Files in an S3 bucket (or any S3-compatible server), the same contract as the local folder.
 * Checksums only when required: the SDK's default (flexible checksums on every request) sends
 * aws-chunked bodies that several S3-compatible servers store as is, corrupting the file.
 */
export function s3Storage(options: S3Options): S3Storage {
  const { bucket, prefix } = parseStorageUrl(options.url);
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: Boolean(options.endpoint),
    credentials: options.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return prefix + key;
  };
  const list = async (folder: string): Promise<StoredFile[]> => {
    const files: StoredFile[] = [];
    let token: string | undefined;
    do {
      const out = await client.send(
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
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: data, ContentLength: data.length }),
      );
    },
    async write(key, data) {
      // A single PUT needs the length up front and the stream's is unknown: spool it to a temporary
      // file (never to memory), then send that. S3 shows an object whole or not at all.
      const dir = await mkdtemp(path.join(os.tmpdir(), 'ananas-s3-'));
      try {
        const file = path.join(dir, 'body');
        await pipeline(data, createWriteStream(file));
        const { size } = await stat(file);
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            Body: createReadStream(file),
            ContentLength: size,
          }),
        );
        return size;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async open(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        if (!out.Body) return undefined;
        return { stream: out.Body as Readable, size: Number(out.ContentLength ?? 0) };
      } catch (e) {
        if (e instanceof NoSuchKey || (e instanceof S3ServiceException && e.$metadata.httpStatusCode === 404))
          return undefined;
        throw e;
      }
    },
    async remove(key) {
      // A "folder" (keys under key/) goes too, as on disk.
      const k = objectKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: k }));
      const under = await list(`${key.replace(/\/+$/, '')}/`);
      for (const f of under) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: prefix + f.key }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    close() {
      client.destroy();
    },
  };
}
