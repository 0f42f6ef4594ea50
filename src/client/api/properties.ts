/** The account's properties and each one's completeness: read by the facts editor and most other pages. */
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './errors';

export const factsKeys = {
  properties: ['properties'] as const,
  completeness: (id: number) => ['completeness', id] as const,
};

/** The account's properties (accommodation accounts; `enabled` false for the others). */
export function useProperties(enabled = true) {
  return useQuery({
    queryKey: factsKeys.properties,
    queryFn: () => unwrap(api.GET('/api/facts/properties/', {})),
    enabled,
  });
}

export function fetchCompleteness(id: number) {
  return unwrap(api.GET('/api/facts/completeness/{id}/', { params: { path: { id } } }));
}

export type Completeness = Awaited<ReturnType<typeof fetchCompleteness>>;
export type SectionCompleteness = Completeness['sections'][number];

export function useCompleteness(id: number, enabled = true) {
  return useQuery({
    queryKey: factsKeys.completeness(id),
    queryFn: () => fetchCompleteness(id),
    enabled: enabled && id > 0,
    staleTime: 0,
  });
}
