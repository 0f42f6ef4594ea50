import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';

/** What to do next (readiness per partner, stale sections, ended seasonal facts): a minute fresh at most. */
const STALE_MS = 60_000;

export const nextStepsKeys = {
  all: ['next-steps'] as const,
  freshness: (id: number) => ['next-steps', 'freshness', id] as const,
};

// The dashboard's lists are asked anew on each visit: a step done elsewhere (a property added, a
// contract proposed) is ticked when the user comes back, not a minute later.
export const useHotelNextSteps = () =>
  useQuery({
    queryKey: [...nextStepsKeys.all, 'hotel'],
    queryFn: () => unwrap(api.GET('/api/reports/next-steps/')),
    staleTime: STALE_MS,
    refetchOnMount: 'always',
  });
export const useOperatorNextSteps = () =>
  useQuery({
    queryKey: [...nextStepsKeys.all, 'operator'],
    queryFn: () => unwrap(api.GET('/api/reports/operator-next-steps/')),
    staleTime: STALE_MS,
    refetchOnMount: 'always',
  });
export const useSheetNextSteps = (id: number) =>
  useQuery({
    queryKey: [...nextStepsKeys.all, 'sheet', id],
    queryFn: () => unwrap(api.GET('/api/partners/fact-sheet/{id}/next-steps/', { params: { path: { id } } })),
    staleTime: STALE_MS,
  });
export const useFreshness = (id: number) =>
  useQuery({
    queryKey: nextStepsKeys.freshness(id),
    queryFn: () => unwrap(api.GET('/api/facts/freshness/{id}/', { params: { path: { id } } })),
  });

/** "Still correct": the answer is the property's freshness, put straight into the cache. */
export function useConfirmSection(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (section: string) =>
      unwrap(api.POST('/api/facts/freshness/{id}/confirm/', { params: { path: { id } }, body: { section } })),
    onSuccess: async (answer) => {
      client.setQueryData(nextStepsKeys.freshness(id), answer);
      await client.invalidateQueries({ queryKey: [...nextStepsKeys.all, 'hotel'] });
    },
  });
}
