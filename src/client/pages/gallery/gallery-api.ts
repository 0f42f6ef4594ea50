import type {
  GalleryRoomWire,
  PartnerPhotoChannelsWire,
  PhotoUpdateWire,
  PhotoWire,
} from '../../../shared/generated/wire-types';
import { api } from '../../api/client';
import { ApiFailure, errorMessages, unwrap } from '../../api/errors';
import { PHOTO_URLS_REFRESH_MS } from '../../api/photo-urls';

export type Photo = PhotoWire;
export type GalleryRoom = GalleryRoomWire;
export type PhotoChanges = PhotoUpdateWire;

export const galleryKeys = {
  list: (propertyId: number) => ['gallery', propertyId] as const,
  rooms: (propertyId: number) => ['gallery-rooms', propertyId] as const,
  partnerChannels: (propertyId: number) => ['gallery-partner-channels', propertyId] as const,
  count: ['gallery-count'] as const,
};

export const fetchGallery = (id: number): Promise<Photo[]> =>
  unwrap(api.GET('/api/facts/property/{id}/gallery/', { params: { path: { id } } }));

/** The gallery list query, one definition for the page, its prefetch and the chooser's counts. */
export const galleryQuery = (propertyId: number) => ({
  queryKey: galleryKeys.list(propertyId),
  queryFn: () => fetchGallery(propertyId),
  enabled: propertyId > 0,
  staleTime: 10_000,
  refetchInterval: PHOTO_URLS_REFRESH_MS,
});

/** Per operator in contract for the property, the channels it passes the hotel's photos on to. */
export const fetchPartnerChannels = (id: number): Promise<PartnerPhotoChannelsWire[]> =>
  unwrap(api.GET('/api/partners/property/{id}/photo-channels/', { params: { path: { id } } }));

export const fetchRooms = (id: number): Promise<GalleryRoom[]> =>
  unwrap(api.GET('/api/facts/Rooms-list/{id}/', { params: { path: { id } } }));

export const fetchImageCount = () => unwrap(api.GET('/api/facts/count-images/', {}));

export const updatePhoto = (propertyId: number, photoId: number, body: PhotoChanges): Promise<Photo> =>
  unwrap(
    api.PATCH('/api/facts/property/gallery/{propertyId}/{photoId}/update/', {
      params: { path: { propertyId, photoId } },
      body,
    }),
  );

export const saveOrder = (propertyId: number, order: number[]): Promise<Photo[]> =>
  unwrap(
    api.PATCH('/api/facts/property/{propertyId}/gallery/order/', { params: { path: { propertyId } }, body: { order } }),
  );

export const featurePhoto = (property: number, photo: number): Promise<Photo[]> =>
  unwrap(api.PATCH('/api/facts/property/gallery/featured-image/', { body: { property, photo } }));

export const deletePhoto = (propertyId: number, photoId: number): Promise<unknown> =>
  unwrap(
    api.DELETE('/api/facts/property/gallery/{propertyId}/{photoId}/delete/', {
      params: { path: { propertyId, photoId } },
    }),
  );

/** Why an upload was refused, as the server says it (the file's own message, without a field label). */
export function uploadReason(error: unknown): string {
  if (error instanceof ApiFailure && error.body && typeof error.body === 'object') {
    const own = (error.body as Record<string, unknown>).imagesArray;
    if (Array.isArray(own) && own.length && own.every((m) => typeof m === 'string')) return own.join(' ');
  }
  return errorMessages(error).join(' ');
}
