import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';

/** An account's public company profile, read once (no retry: a missing profile says so at once). */
export function usePortfolio(id: number) {
  const { data, isError } = useQuery({
    queryKey: ['portfolio', id],
    queryFn: () => unwrap(api.GET('/api/settings/portfolio/{id}/', { params: { path: { id } } })),
    enabled: id > 0,
    retry: false,
  });
  return { portfolio: data, failed: isError };
}
