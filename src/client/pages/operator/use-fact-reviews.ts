import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useProperties } from '../../api/properties';
import type { OverrideReviewsQueryWire } from '../../../shared/generated/wire-types';
import { pageCount, pageFrom } from '../partners/index';
import { decideOverride, refreshWorkspace, useOverrideReviews } from './operator-api';

export type ReviewStatus = NonNullable<OverrideReviewsQueryWire['status']>;
export interface ReviewsFilter {
  status?: string;
  property?: number | null;
  page?: number;
}

/**
 * /fact-reviews' reads: the filter kept in the address (state, property, page), the page of
 * partners' changes it selects, and the hotel's properties to filter by.
 */
export function useFactReviews() {
  const [search, setSearch] = useSearchParams();
  const status = (search.get('status') ?? 'pending') as ReviewStatus;
  const property = Number(search.get('property')) || null;
  const page = pageFrom(search);
  const query: OverrideReviewsQueryWire = { status, page, ...(property ? { property } : {}) };
  const reviews = useOverrideReviews(query);
  const properties = useProperties();
  const go = (next: ReviewsFilter) => {
    const s = next.status ?? status;
    const p = next.property === undefined ? property : next.property;
    setSearch({
      ...(s !== 'pending' ? { status: s } : {}),
      ...(p ? { property: String(p) } : {}),
      ...(next.page && next.page > 1 ? { page: String(next.page) } : {}),
    });
  };
  return {
    status,
    property,
    page,
    go,
    reviews: reviews.data,
    pages: reviews.data ? pageCount(reviews.data.count) : 0,
    failed: reviews.isError,
    error: reviews.error,
    properties: properties.data ?? [],
  };
}

/** The hotel's decision on a partner's change; the workspace is read again after it. */
export function useDecideOverride() {
  const queryClient = useQueryClient();
  return async (id: number, decision: 'approve' | 'reject', comment: string) => {
    await decideOverride(id, decision, comment);
    await refreshWorkspace(queryClient);
  };
}
