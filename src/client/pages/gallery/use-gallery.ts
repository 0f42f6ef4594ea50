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

/** One property's gallery: the list in the query cache, changed in place by every action. */
export function useGallery(propertyId: number): Gallery {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const query = useQuery(galleryQuery(propertyId));

  const set = useCallback(
    (change: (list: readonly Photo[]) => readonly Photo[]) =>
      queryClient.setQueryData<readonly Photo[]>(galleryKeys.list(propertyId), (old) => change(old ?? NONE)),
    [queryClient, propertyId],
  );
  const fail = useCallback(
    (what: MessageKey, error: unknown) =>
      enqueueSnackbar(t(what, { reason: errorMessages(error).join(' ') }), { variant: 'error' }),
    [enqueueSnackbar, t],
  );
  const recount = useCallback(() => void queryClient.invalidateQueries({ queryKey: galleryKeys.count }), [queryClient]);

  const saver = useMemo(
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
            const merged = renumber(
              mergeOrder(queryClient.getQueryData<readonly Photo[]>(galleryKeys.list(propertyId)) ?? NONE, server),
            );
            queryClient.setQueryData(galleryKeys.list(propertyId), merged);
            await saveOrder(propertyId, idsOf(merged));
          }
        },
        (error) => {
          fail('gallery.order_not_saved', error);
          void queryClient.invalidateQueries({ queryKey: galleryKeys.list(propertyId) });
        },
      ),
    [propertyId, queryClient, fail],
  );

  const move = useCallback(
    (from: number, to: number) => {
      const list = queryClient.getQueryData<readonly Photo[]>(galleryKeys.list(propertyId)) ?? NONE;
      const moved = moveItem(list, from, to);
      if (moved === list) return false;
      const next = renumber(moved);
      queryClient.setQueryData(galleryKeys.list(propertyId), next);
      saver.save(idsOf(next));
      return true;
    },
    [queryClient, propertyId, saver],
  );

  const feature = useCallback(
    async (id: number) => {
      // Marked at once, so the star moves with the click; a refusal reloads the truth.
      set((list) => list.map((p) => (p.featured === (p.id === id) ? p : { ...p, featured: p.id === id })));
      try {
        await featurePhoto(propertyId, id);
      } catch (error) {
        fail('gallery.featured_not_saved', error);
        void queryClient.invalidateQueries({ queryKey: galleryKeys.list(propertyId) });
      }
    },
    [propertyId, set, fail, queryClient],
  );

  const remove = useCallback(
    async (id: number) => {
      try {
        await deletePhoto(propertyId, id);
        set((list) => renumber(list.filter((p) => p.id !== id)));
        recount();
      } catch (error) {
        fail('gallery.not_deleted', error);
      }
    },
    [propertyId, set, fail, recount],
  );

  const update = useCallback(
    async (id: number, changes: PhotoChanges) => {
      const saved = await updatePhoto(propertyId, id, changes);
      set((list) => list.map((p) => (p.id === id ? saved : p)));
      return saved;
    },
    [propertyId, set],
  );

  const added = useCallback(
    (photos: readonly Photo[]) => {
      set((list) => [...list.filter((p) => !photos.some((n) => n.id === p.id)), ...photos]);
      recount();
    },
    [set, recount],
  );

  const addedInOrder = useCallback(
    (photos: readonly Photo[]) => {
      const list = queryClient.getQueryData<readonly Photo[]>(galleryKeys.list(propertyId)) ?? NONE;
      const ordered = inChosenOrder(list, idsOf(photos));
      if (ordered === list) return;
      const next = renumber(ordered);
      queryClient.setQueryData(galleryKeys.list(propertyId), next);
      saver.save(idsOf(next));
    },
    [queryClient, propertyId, saver],
  );

  return {
    photos: query.data ?? NONE,
    loading: query.isPending && propertyId > 0,
    failed: query.isError,
    move,
    feature,
    remove,
    update,
    added,
    addedInOrder,
  };
}
