import { notFound } from '../../plugins/errors.js';
import { etagOf } from '../../routing/etag.js';
import type { Services } from '../../services.js';
import type { PartnerPhotoWire, PhotoWire } from '../../../shared/generated/wire-types.js';
import { bool } from '../../db/tables.js';
import { operatorPhotos } from '../operator/index.js';
import {
  keyOf as keyPath,
  leaving,
  listPhotos,
  photoUrl,
  todayOf,
  requirePhoto,
  toPhotoWire,
  VARIANTS,
  type PhotoRow,
  type Variant,
  photoUrlSigner,
} from '../photos/index.js';
import { propertyOf, type Reach } from './reach.js';
import { attributionOf } from '../../../shared/photo-rights.js';

/**
 * The photos a reach may see: an operator those its contract allows, a hotel its own; for both,
 * only those that may leave the account (photos' rights, issue 40 §3).
 */
export async function photosOf(services: Services, r: Reach): Promise<PhotoRow[]> {
  const db = services.db.kysely;
  return r.kind === 'operator'
    ? operatorPhotos(services, r.access)
    : leaving(services, await listPhotos(db, r.propertyId));
}

/**
 * The partner API's photo answers, with signed, expiring, absolute URLs: a partner's page can show
 * them in an <img> without its key.
 */
export type PartnerPhotos = ReturnType<typeof partnerPhotos>;

export function partnerPhotos(services: Services) {
  const urls = photoUrlSigner(services);
  const signed = (p: PhotoRow, variant: Variant) => photoUrl(urls, p, variant, true);
  return {
    /** GET api/v1/properties/{id}/photos/. */
    toPhoto(p: PhotoRow): PartnerPhotoWire {
      return {
        id: p.id,
        name: p.name,
        alt: p.alt,
        category: p.category,
        description: p.description,
        room: p.room_id,
        featured: bool(p.featured),
        sequence: p.sequence,
        width: p.width,
        height: p.height,
        updated_at: p.updated_at,
        credit: p.credit,
        attribution: attributionOf(p.credit, p.licence),
        urls: { original: signed(p, 'original'), display: signed(p, 'display'), thumbnail: signed(p, 'thumbnail') },
      };
    },
    /** The photo list's form, as the OTA content's multimedia reads it. */
    toPhotoWire(p: PhotoRow): PhotoWire {
      return toPhotoWire(p, urls, todayOf(services), true);
    },
  };
}

/** One of the stored sizes of a photo, else 404. */
export function variantOf(name: string): Variant {
  if (!VARIANTS.includes(name as Variant)) throw notFound();
  return name as Variant;
}

export interface PhotoImage {
  /** A stored image never changes under its key: its identity is a strong validator. */
  etag: string;
  /** The storage key of the image. */
  key: string;
  contentType: string;
}

const contentTypeOf = (format: string): string => (format === 'jpeg' ? 'image/jpeg' : `image/${format}`);

/** Where one image of a photo the reach may see is stored (404 for another photo). */
export async function photoImage(services: Services, r: Reach, photoId: number, variant: Variant): Promise<PhotoImage> {
  const photo = await requirePhoto(services.db.kysely, propertyOf(r), photoId);
  if (!(await photosOf(services, r)).some((p) => p.id === photo.id)) throw notFound();
  const key = keyPath(photo, variant);
  return {
    etag: etagOf(`${key}:${photo.updated_at}`),
    key,
    contentType: variant === 'original' ? contentTypeOf(photo.format) : 'image/jpeg',
  };
}
