import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, tokenHeader } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ApiFailure, unwrap } from '../../api/errors';
import { fileNameOf } from '../../api/exports';
import { PHOTO_URLS_REFRESH_MS } from '../../api/photo-urls';
import { sessionStore } from '../../session/session';
import type {
  ContractedPropertiesQueryWire,
  HotelMappingRequestWire,
  OverrideRequestWire,
  OverrideReviewsQueryWire,
  OwnPhotoWire,
  SheetOptionsWire,
} from '../../../shared/generated/wire-types';

/** Query keys of the operator workspace and the hotel's reviews: a save invalidates `all`. */
export const operatorKeys = {
  all: ['operator'] as const,
  properties: (query: ContractedPropertiesQueryWire, page: number) => ['operator', 'properties', query, page] as const,
  sheet: (id: number, options: SheetOptionsWire) => ['operator', 'sheet', id, options] as const,
  overrides: (id: number) => ['operator', 'overrides', id] as const,
  mapping: (id: number) => ['operator', 'mapping', id] as const,
  reviews: (query: OverrideReviewsQueryWire) => ['operator', 'reviews', query] as const,
  releases: (id: number) => ['operator', 'releases', id] as const,
};

/**
 * After an operator's save (mapping, overrides, photos, a review): everything that shows its state
 * is read again at once, not a minute later: the workspace lists, the dashboard's reports and
 * checklist, the export centre (the dashboard said "not mapped" after a saved mapping).
 */
export async function refreshWorkspace(client: QueryClient): Promise<void> {
  await Promise.all(
    [operatorKeys.all, queryKeys.reports, queryKeys.nextSteps, queryKeys.operatorExports].map((queryKey) =>
      client.invalidateQueries({ queryKey }),
    ),
  );
}

/** A page of the operator's contracted properties with its own state of each. */
export function useContractedProperties(query: ContractedPropertiesQueryWire, page: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: operatorKeys.properties(query, page),
    queryFn: () => unwrap(api.POST('/api/partners/partners-properties/', { params: { query: { page } }, body: query })),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useOperatorSheet(id: number, options: SheetOptionsWire) {
  return useQuery({
    queryKey: operatorKeys.sheet(id, options),
    queryFn: () => unwrap(api.GET('/api/partners/fact-sheet/{id}/', { params: { path: { id }, query: options } })),
    placeholderData: keepPreviousData,
    retry: false,
    // Its photo URLs are signed and expire: read again before they do.
    refetchInterval: PHOTO_URLS_REFRESH_MS,
  });
}

/** The sheet as PDF in the layout and language chosen (the hotel is told); any answer but 200 throws. */
export async function fetchSheetPdf(
  id: number,
  options: SheetOptionsWire,
): Promise<{ blob: Blob; name: string | undefined }> {
  const token = sessionStore.current()?.token;
  const query = new URLSearchParams(
    Object.entries(options).filter(([, v]) => v !== undefined && v !== '') as [string, string][],
  ).toString();
  const res = await fetch(`/api/partners/fact-sheet/${id}/pdf/${query ? `?${query}` : ''}`, {
    headers: token ? tokenHeader(token) : {},
  });
  if (res.status !== 200) throw new Error(String(res.status));
  return { blob: await res.blob(), name: fileNameOf(res.headers.get('content-disposition')) };
}

export const markSeen = (id: number) =>
  unwrap(api.POST('/api/partners/fact-sheet/{id}/seen/', { params: { path: { id } } }));

export function useOverrides(id: number) {
  return useQuery({
    queryKey: operatorKeys.overrides(id),
    queryFn: () => unwrap(api.GET('/api/partners/override-facts/get/{id}/', { params: { path: { id } } })),
    retry: false,
  });
}

export const saveOverrides = (body: OverrideRequestWire) =>
  unwrap(api.POST('/api/partners/override-facts/create/', { body: body }));

export function useMapping(id: number) {
  return useQuery({
    queryKey: operatorKeys.mapping(id),
    queryFn: () => unwrap(api.GET('/api/tour-operator/mapping/hotel/get/{id}/', { params: { path: { id } } })),
    retry: false,
  });
}

export const saveMapping = (body: HotelMappingRequestWire) =>
  unwrap(api.POST('/api/tour-operator/mapping/hotel/create/', { body: body }));

export function useOverrideReviews(query: OverrideReviewsQueryWire) {
  return useQuery({
    queryKey: operatorKeys.reviews(query),
    queryFn: () => unwrap(api.GET('/api/partners/override-reviews/', { params: { query } })),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const decideOverride = (id: number, decision: 'approve' | 'reject', comment: string) =>
  unwrap(api.POST('/api/partners/override-reviews/{id}/', { params: { path: { id } }, body: { decision, comment } }));

export function usePhotoReleases(id: number, enabled = true) {
  return useQuery({
    queryKey: operatorKeys.releases(id),
    queryFn: () => unwrap(api.GET('/api/facts/property/{id}/photo-releases/', { params: { path: { id } } })),
    enabled,
    retry: false,
  });
}

export const saveReleases = (id: number, operator: number, photos: number[]) =>
  unwrap(api.PUT('/api/facts/property/{id}/photo-releases/', { params: { path: { id } }, body: { operator, photos } }));

/** Upload files as the gallery does (multipart field imagesArray), all in one request. */
export async function uploadOwnPhotos(property: number, files: File[], tooLarge: string): Promise<OwnPhotoWire[]> {
  const form = new FormData();
  for (const f of files) form.append('imagesArray', f, f.name);
  const token = sessionStore.current()?.token;
  const res = await fetch(`/api/partners/fact-sheet/${property}/own-photos/`, {
    method: 'POST',
    headers: token ? tokenHeader(token) : {},
    body: form,
  });
  const body = (await res.json().catch(() => undefined)) as unknown;
  if (res.status !== 201)
    throw new ApiFailure(res.status, body ?? { detail: res.status === 413 ? tooLarge : undefined });
  return body as OwnPhotoWire[];
}

export const deleteOwnPhoto = (property: number, photoId: number) =>
  unwrap(
    api.DELETE('/api/partners/fact-sheet/{id}/own-photos/{photoId}/', { params: { path: { id: property, photoId } } }),
  );
