import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import type { Part } from '../../helpers/multipart.js';
import { sendForm } from '../../helpers/properties.js';

export interface PhotoJson {
  id: number;
  name: string | null;
  alt: string | null;
  category: string | null;
  description: string | null;
  uploaded_by: string | null;
  sequence: number;
  room: number | null;
  featured: boolean;
  width: number;
  height: number;
  bytes: number;
  created_at: string;
  image: string;
  display: string;
  thumbnail: string;
}

/** A real JPEG, with EXIF (a marker text and a GPS position) written into it. */
export function jpeg(width = 640, height = 480, orientation?: number): Promise<Buffer> {
  let img = sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } }).jpeg({ quality: 80 });
  img = img.withExif({
    IFD0: { Copyright: 'secret-marker' },
    IFD3: {
      GPSLatitudeRef: 'N',
      GPSLatitude: '39/1 34/1 1234/100',
      GPSLongitudeRef: 'E',
      GPSLongitude: '2/1 39/1 0/1',
    },
  });
  if (orientation) img = img.withMetadata({ orientation });
  return img.toBuffer();
}

export const png = (width = 400, height = 300): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 4, background: { r: 250, g: 200, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();

/** Whether an EXIF block holds a GPS IFD (tag 0x8825, either byte order). */
export function hasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const hex = exif.toString('hex');
  return hex.includes('8825') || hex.includes('2588');
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/**
 * A real, decodable decompression bomb made cheaply: a 1-bit greyscale PNG of width × height
 * black pixels, whose zeros deflate to a few dozen kilobytes.
 */
export function pngBomb(width = 20_000, height = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(1, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 + zero pixels per row
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const file = (value: Buffer | string, filename: string, contentType = 'image/jpeg'): Part => ({
  name: 'imagesArray',
  value,
  filename,
  contentType,
});

export function upload(
  t: TestApp,
  token: string,
  propertyId: number,
  files: Part[],
  fields: Record<string, string> = {},
) {
  return sendForm(t, 'POST', `/api/facts/property/${propertyId}/gallery/create/`, token, [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...files,
  ]);
}

/** Upload and expect success: the created photos. */
export async function uploaded(
  t: TestApp,
  token: string,
  propertyId: number,
  files: Part[],
  fields: Record<string, string> = {},
): Promise<PhotoJson[]> {
  const res = await upload(t, token, propertyId, files, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function gallery(t: TestApp, token: string, propertyId: number): Promise<PhotoJson[]> {
  const res = await t.api('GET', `/api/facts/property/${propertyId}/gallery/`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The session cookie the client keeps (what an <img> sends). */
export const sessionCookie = (token: string): Record<string, string> => ({ ananas_session: JSON.stringify({ token }) });

export const fetchImage = (t: TestApp, token: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Token ${token}` } });

/** Every stored file of the property's photos (paths relative to DATA_DIR/files). */
export function storedFiles(t: TestApp, propertyId: number): string[] {
  const dir = path.join(t.testDb.dataDir, 'files', 'properties', String(propertyId), 'photos');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((f) => `properties/${propertyId}/photos/${f}`)
    .sort();
}

/** Every file anywhere under DATA_DIR (but the database), to prove nothing landed elsewhere. */
export function allFiles(t: TestApp): string[] {
  return (readdirSync(t.testDb.dataDir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((d) => d.isFile() && !d.name.startsWith('ananas.sqlite3'))
    .map((d) => path.relative(t.testDb.dataDir, path.join(d.parentPath, d.name)))
    .sort();
}
