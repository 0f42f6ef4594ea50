import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { s3Storage, type S3Storage } from '../../../src/server/plugins/s3-storage.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { file, jpeg, uploaded } from '../../helpers/fixtures/uploaded-photos.js';
import { S3_KEYS, startLocalS3, type LocalS3 } from './s3.js';

describe('the S3 storage backend (against a local S3 server)', () => {
  let s3: LocalS3;
  let storage: S3Storage;
  beforeAll(async () => {
    s3 = await startLocalS3();
    storage = s3Storage({
      url: `s3://${s3.bucket}/tenant-a`,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: S3_KEYS,
    });
  });
  afterAll(async () => {
    storage.close();
    await s3.stop();
  });

  it('keeps the storage contract: put, open byte for byte, list a folder, remove a file or a folder', async () => {
    await storage.check();
    const big = Buffer.alloc(300_000, 7);
    await storage.put('properties/1/photos/a-original.jpg', big);
    await storage.put('properties/1/photos/b-original.jpg', Buffer.from('b'));
    await storage.put('properties/2/logo.png', Buffer.from('logo'));
    const opened = await storage.open('properties/1/photos/a-original.jpg');
    expect(opened?.size).toBe(big.length);
    const chunks: Buffer[] = [];
    for await (const c of opened!.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(big)).toBe(true);
    expect(await storage.open('properties/1/photos/none.jpg')).toBeUndefined();
    expect((await storage.list('properties/1/')).map((f) => f.key).sort()).toEqual([
      'properties/1/photos/a-original.jpg',
      'properties/1/photos/b-original.jpg',
    ]);
    for (const f of await storage.list('properties/')) expect(f.modifiedAt.getTime()).toBeGreaterThan(0);
    await storage.remove('properties/1/photos/b-original.jpg');
    expect(await storage.open('properties/1/photos/b-original.jpg')).toBeUndefined();
    await storage.remove('properties/1');
    expect(await storage.list('properties/1/')).toEqual([]);
    expect(await text((await storage.open('properties/2/logo.png'))!.stream)).toBe('logo');
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow(/unsafe/);
  });

  it('writes a stream of unknown length (an export zip) whole, and a failed stream leaves nothing', async () => {
    const parts = [Buffer.alloc(200_000, 1), Buffer.alloc(123_457, 2)];
    expect(await storage.write('exports/1/a.zip', Readable.from(parts))).toBe(323_457);
    expect(
      Buffer.concat(await chunksOf((await storage.open('exports/1/a.zip'))!.stream)).equals(Buffer.concat(parts)),
    ).toBe(true);
    const failing = new Readable({
      read() {
        this.destroy(new Error('cut off'));
      },
    });
    await expect(storage.write('exports/1/b.zip', failing)).rejects.toThrow(/cut off/);
    expect(await storage.open('exports/1/b.zip')).toBeUndefined();
  });

  it('serves the photos an app uploads, and is what /readyz checks', async () => {
    // The app configured for S3 as a node is, from its environment.
    const t: TestApp = await startTestApp('sqlite', {}, { ...s3.env, STORAGE_URL: `s3://${s3.bucket}/app` });
    try {
      const owner = await signUp(t);
      const hotel = (await createProperty(t, owner.token)).id;
      const [photo] = await uploaded(t, owner.token, hotel, [file(await jpeg(), 'pool.jpg')]);
      // Another prefix of the bucket: deployments sharing one bucket stay apart.
      expect(await storage.list(`properties/${hotel}/`)).toEqual([]);
      expect((await t.services.storage.list(`properties/${hotel}/`)).length).toBe(3);
      const res = await t.app.inject({
        method: 'GET',
        url: photo!.thumbnail,
        headers: { authorization: `Token ${owner.token}` },
      });
      expect(res.statusCode).toBe(200);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(400);
      const ready = await t.api('GET', '/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok' } });
    } finally {
      await t.stop();
    }
  });
});

async function chunksOf(stream: Readable): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for await (const c of stream) out.push(c as Buffer);
  return out;
}
