import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { ApiFailure, errorMessages } from '../../api/errors';
import { useT } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n/messages';
import {
  deletePhoto,
  featurePhoto,
  fetchGallery,
  galleryKeys,
  galleryQuery,
  saveOrder,
  updatePhoto,
  type Photo,
  type PhotoChanges,
} from './gallery-api';
import { idsOf, inChosenOrder, mergeOrder, moveItem, renumber } from './order';
import { OrderSaver } from './order-saver';

const NONE: readonly Photo[] = Object.freeze([]);

export interface Gallery {
  /** In sequence order; empty while loading and when the gallery cannot be loaded (spec 001 §8). */
  photos: readonly Photo[];
  loading: boolean;
  failed: boolean;
  /** Move a photo; the new order is saved in the background. False when nothing moved. */
  move(from: number, to: number): boolean;
  feature(id: number): Promise<void>;
  remove(id: number): Promise<void>;
  /** Save a photo's fields; rejects with the server's error (shown at the fields). */
  update(id: number, changes: PhotoChanges): Promise<Photo>;
  /** Photos an upload added. */
  added(photos: readonly Photo[]): void;
  /** The photos of one choice of files, in the order chosen: the gallery keeps that order. */
  addedInOrder(photos: readonly Photo[]): void;
}

/** The gallery list in the query cache, and how an action reports a failure; what every action of the gallery uses. */
interface GalleryCache {
  list(): readonly Photo[];
  put(list: readonly Photo[]): void;
  set(change: (list: readonly Photo[]) => readonly Photo[]): void;
  reload(): void;
  fail(what: MessageKey, error: unknown): void;
  recount(): void;
}

function useGalleryCache(propertyId: number): GalleryCache {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  return useMemo(
    () => ({
      list: () => queryClient.getQueryData<readonly Photo[]>(galleryKeys.list(propertyId)) ?? NONE,
      put: (list) => void queryClient.setQueryData(galleryKeys.list(propertyId), list),
      set: (change) =>
        void queryClient.setQueryData<readonly Photo[]>(galleryKeys.list(propertyId), (old) => change(old ?? NONE)),
      reload: () => void queryClient.invalidateQueries({ queryKey: galleryKeys.list(propertyId) }),
      fail: (what, error) =>
        void enqueueSnackbar(t(what, { reason: errorMessages(error).join(' ') }), { variant: 'error' }),
      recount: () => void queryClient.invalidateQueries({ queryKey: galleryKeys.count }),
    }),
    [queryClient, propertyId, enqueueSnackbar, t],
  );
}

/** Saves the order shown, one request at a time; a refusal because the server lists other photos is merged and sent again. */
function useOrderSaver(propertyId: number, cache: GalleryCache): OrderSaver {
  return useMemo(
    () =>
      new OrderSaver(
        async (order) => {
          try {
            await saveOrder(propertyId, order);
          } catch (error) {
            // The server lists other photos (an upload landed meanwhile): keep the order shown for
            // the photos both know, add the others, and send that once more.
            if (!(error instanceof ApiFailure) || error.status !== 400) throw error;
            const server = await fetchGallery(propertyId);
            const merged = renumber(mergeOrder(cache.list(), server));
            cache.put(merged);
            await saveOrder(propertyId, idsOf(merged));
          }
        },
        (error) => {
          cache.fail('gallery.order_not_saved', error);
          cache.reload();
        },
      ),
    [propertyId, cache],
  );
}

/** The order changes: shown at once, saved in the background. */
function useOrderChanges(cache: GalleryCache, saver: OrderSaver): Pick<Gallery, 'move' | 'addedInOrder'> {
  const move = useCallback(
    (from: number, to: number) => {
      const list = cache.list();
      const moved = moveItem(list, from, to);
      if (moved === list) return false;
      const next = renumber(moved);
      cache.put(next);
      saver.save(idsOf(next));
      return true;
    },
    [cache, saver],
  );

  const addedInOrder = useCallback(
    (photos: readonly Photo[]) => {
      const list = cache.list();
      const ordered = inChosenOrder(list, idsOf(photos));
      if (ordered === list) return;
      const next = renumber(ordered);
      cache.put(next);
      saver.save(idsOf(next));
    },
    [cache, saver],
  );
  return { move, addedInOrder };
}

/** The changes to single photos: featured, deleted, saved, uploaded. */
function usePhotoChanges(
  propertyId: number,
  cache: GalleryCache,
): Pick<Gallery, 'feature' | 'remove' | 'update' | 'added'> {
  const feature = useCallback(
    async (id: number) => {
      // Marked at once, so the star moves with the click; a refusal reloads the truth.
      cache.set((list) => list.map((p) => (p.featured === (p.id === id) ? p : { ...p, featured: p.id === id })));
      try {
        await featurePhoto(propertyId, id);
      } catch (error) {
        cache.fail('gallery.featured_not_saved', error);
        cache.reload();
      }
    },
    [propertyId, cache],
  );

  const remove = useCallback(
    async (id: number) => {
      try {
        await deletePhoto(propertyId, id);
        cache.set((list) => renumber(list.filter((p) => p.id !== id)));
        cache.recount();
      } catch (error) {
        cache.fail('gallery.not_deleted', error);
      }
    },
    [propertyId, cache],
  );

  const update = useCallback(
    async (id: number, changes: PhotoChanges) => {
      const saved = await updatePhoto(propertyId, id, changes);
      cache.set((list) => list.map((p) => (p.id === id ? saved : p)));
      return saved;
    },
    [propertyId, cache],
  );

  const added = useCallback(
    (photos: readonly Photo[]) => {
      cache.set((list) => [...list.filter((p) => !photos.some((n) => n.id === p.id)), ...photos]);
      cache.recount();
    },
    [cache],
  );
  return { feature, remove, update, added };
}

/** One property's gallery: the list in the query cache, changed in place by every action. */
export function useGallery(propertyId: number): Gallery {
  const query = useQuery(galleryQuery(propertyId));
  const cache = useGalleryCache(propertyId);
  const saver = useOrderSaver(propertyId, cache);
  const order = useOrderChanges(cache, saver);
  const changes = usePhotoChanges(propertyId, cache);
  return {
    photos: query.data ?? NONE,
    loading: query.isPending && propertyId > 0,
    failed: query.isError,
    ...order,
    ...changes,
  };
}
