import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session';
import { fetchImageCount, galleryKeys } from './gallery-api';

/** The account's photos over all its properties and the plan's limit (GET api/facts/count-images/). */
export function useImageCount() {
  const accommodation = useSession()?.user.accountType === 'accommodation';
  return useQuery({ queryKey: galleryKeys.count, queryFn: fetchImageCount, enabled: accommodation, staleTime: 0 });
}
