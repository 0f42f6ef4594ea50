import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';

/** s3rver's built-in key pair. */
export const S3_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The environment a node needs to use it. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** A local S3-compatible server (s3rver, from npm) on a free loopback port, with one empty bucket. */
export async function startLocalS3(bucket = 'ananas-test'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'ananas-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_URL: `s3://${bucket}`,
      S3_ENDPOINT: endpoint,
      AWS_ACCESS_KEY_ID: S3_KEYS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey,
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
