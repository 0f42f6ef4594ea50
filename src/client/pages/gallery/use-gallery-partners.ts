import { useQuery } from '@tanstack/react-query';
import type { PartnerPhotoChannelsWire } from '../../../shared/generated/wire-types';
import { fetchPartnerChannels, fetchRooms, galleryKeys, type GalleryRoom } from './gallery-api';

/** What the gallery checks its photos against besides the photos: the rooms, and whose photo rules apply. */
export function useGalleryPartners(propertyId: number): {
  rooms: GalleryRoom[] | undefined;
  /** Null when the partners cannot be loaded, undefined while they load. */
  partners: PartnerPhotoChannelsWire[] | null | undefined;
} {
  const rooms = useQuery({
    queryKey: galleryKeys.rooms(propertyId),
    queryFn: () => fetchRooms(propertyId),
    staleTime: 0,
  });
  // Whose photo rules apply: each operator in contract names its channels (issue 40 §4).
  const partners = useQuery({
    queryKey: galleryKeys.partnerChannels(propertyId),
    queryFn: () => fetchPartnerChannels(propertyId),
  });
  return { rooms: rooms.data, partners: partners.isError ? null : partners.data };
}
