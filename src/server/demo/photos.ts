import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Services } from '../services.js';
import { extensionOf, inspectPhoto, processPhoto } from '../features/photos/images.js';
import { photoHash } from '../features/photos/similar.js';

/** One demo photo: a gradient in the demo's colours with its name written on it, made at seed time. */
interface DemoPhoto {
  name: string;
  category: string;
  colours: [string, string];
  /** The room (by name) the photo shows. */
  room?: string;
  featured?: boolean;
}

const PHOTOS: DemoPhoto[] = [
  { name: 'Pool and terrace at dusk', category: 'Facilities', colours: ['#0f4c81', '#f4a259'], featured: true },
  { name: 'Double sea view', category: 'Rooms', colours: ['#2a9d8f', '#e9c46a'], room: 'Double sea view' },
  { name: 'Double city side', category: 'Rooms', colours: ['#6d597a', '#eaac8b'], room: 'Double city side' },
  { name: 'Junior suite lounge', category: 'Rooms', colours: ['#264653', '#e76f51'], room: 'Junior suite' },
  { name: 'Sa Terrassa restaurant', category: 'Food & Beverage', colours: ['#bc4749', '#f2e8cf'] },
  { name: 'Beach at 80 metres', category: 'Other', colours: ['#00b4d8', '#ffe8a3'] },
];

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A 1200 × 800 JPEG: a diagonal gradient, the photo's name and the hotel's. */
async function image(photo: DemoPhoto, hotel: string): Promise<Buffer> {
  const [from, to] = photo.colours;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="1200" height="800" fill="url(#g)"/>
  <circle cx="960" cy="210" r="120" fill="#ffffff" fill-opacity="0.25"/>
  <text x="80" y="640" font-family="DejaVu Sans, sans-serif" font-size="64" font-weight="bold" fill="#ffffff">${escapeXml(photo.name)}</text>
  <text x="80" y="710" font-family="DejaVu Sans, sans-serif" font-size="36" fill="#ffffff" fill-opacity="0.85">${escapeXml(hotel)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * The demo hotel's gallery: six photos made through the upload's own pipeline (judged, re-encoded,
 * display and thumbnail sizes), the room photos tagged with their rooms, the pool featured.
 */
export async function seedPhotos(
  services: Services,
  ids: { hotel: number; property: number; hotelName: string },
  now: string,
): Promise<void> {
  const db = services.db.kysely;
  const rooms = await db
    .selectFrom('fact_rows')
    .select(['id', 'data'])
    .where('property_id', '=', ids.property)
    .where('kind', '=', 'room')
    .execute();
  const roomId = new Map(rooms.map((r) => [(JSON.parse(r.data) as { room_name?: string }).room_name ?? '', r.id]));
  for (const [i, photo] of PHOTOS.entries()) {
    const data = await image(photo, ids.hotelName);
    const made = await processPhoto(
      await inspectPhoto({ field: 'imagesArray', filename: `${photo.name}.jpg`, mimetype: 'image/jpeg', data }),
    );
    const stem = `properties/${ids.property}/photos/${randomBytes(12).toString('hex')}`;
    const keys = {
      original: `${stem}-original.${extensionOf(made.format)}`,
      display: `${stem}-display.jpg`,
      thumbnail: `${stem}-thumbnail.jpg`,
    };
    await services.storage.put(keys.original, made.original);
    await services.storage.put(keys.display, made.display);
    await services.storage.put(keys.thumbnail, made.thumbnail);
    await db
      .insertInto('photos')
      .values({
        property_id: ids.property,
        account_id: ids.hotel,
        name: photo.name,
        alt: photo.name,
        category: photo.category,
        description: null,
        sequence: i + 1,
        room_id: photo.room ? (roomId.get(photo.room) ?? null) : null,
        featured: photo.featured ?? false,
        format: made.format,
        original_key: keys.original,
        display_key: keys.display,
        thumbnail_key: keys.thumbnail,
        width: made.width,
        height: made.height,
        bytes: made.original.length,
        // Hashed as an upload is: a copy of a demo photo uploaded later is flagged as one.
        phash: await photoHash(made.display),
        uploaded_by: ids.hotel,
        uploaded_by_name: 'Helena Hotelier',
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
