import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueries } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { useProperties } from '../api/properties';
import { useSession } from '../session/session';
import { chooseProperty, needsRooms, ROOMS_ASKED } from './property-choice';

/** Where a page keeps the property this user last chose on it (per user: people share browsers). */
export const lastPropertyKey = (page: string, userId: number) => `ananas.lastProperty.${page}.${userId}`;

function readLast(key: string | null): number | null {
  if (!key) return null;
  try {
    const id = Number(window.localStorage.getItem(key));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null; // storage refused (private mode, a policy): open as on a first visit
  }
}

function writeLast(key: string | null, id: number): void {
  if (!key) return;
  try {
    window.localStorage.setItem(key, String(id));
  } catch {
    // storage refused: the choice still holds for this visit
  }
}

/**
 * The property picker of the chart, the export centre and the fact section pages: the account's
 * properties, the one to show (chooseProperty: the URL's ?property, the last used, the first
 * published, for `rooms` the first with rooms, the first; undefined while that is not known yet)
 * and `choose`, which shows another and remembers it for this page and user.
 */
export function usePropertyChoice(page: string, { rooms: wantRooms = false }: { rooms?: boolean } = {}) {
  const userId = useSession()?.user.id;
  const key = userId === undefined ? null : lastPropertyKey(page, userId);
  const properties = useProperties();
  const [search] = useSearchParams();
  const [chosen, setChosen] = useState<number | null>(null);
  const list = properties.data ?? [];
  const named = Number(search.get('property')) || null;
  const remembered = readLast(key);
  const asking = wantRooms && needsRooms(list, { named, remembered });
  const asked = useQueries({
    queries: (asking ? list.slice(0, ROOMS_ASKED) : []).map((p) => ({
      queryKey: ['rooms', p.id] as const,
      queryFn: () => unwrap(api.GET('/api/facts/rooms/{hotelId}/', { params: { path: { hotelId: p.id } } })),
    })),
  });
  const roomCounts = new Map<number, number>();
  asked.forEach((q, i) => {
    const id = list[i]?.id;
    // A property whose rooms could not be read counts as one without: the page still opens.
    if (id !== undefined && (q.data || q.isError)) roomCounts.set(id, q.data?.length ?? 0);
  });
  const held = chosen !== null && list.some((p) => p.id === chosen);
  const property = !properties.data
    ? undefined
    : held
      ? chosen
      : chooseProperty(list, { named, remembered, rooms: asking ? roomCounts : undefined });
  const remember = (id: number) => writeLast(key, id);
  const choose = (id: number) => {
    setChosen(id);
    remember(id);
  };
  // `remember` alone is for a page whose URL carries the choice (?property=): the URL is its state.
  return { properties, list, property, choose, remember };
}
