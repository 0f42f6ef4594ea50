import { useQuery } from '@tanstack/react-query';
import Skeleton from '@mui/material/Skeleton';
import { galleryQuery } from './gallery-api';

/** A property's photo count (its gallery, which the gallery page then shows without asking again). */
export function PhotoCountCell({ propertyId }: { propertyId: number }) {
  const { data, isError } = useQuery(galleryQuery(propertyId));
  if (isError) return <span data-testid="photo-count">–</span>;
  if (!data) return <Skeleton width={60} aria-label="Loading the photo count" />;
  return <span data-testid="photo-count">{`${data.length} ${data.length === 1 ? 'photo' : 'photos'}`}</span>;
}
