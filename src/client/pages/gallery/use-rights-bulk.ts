import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { errorMessages, fieldErrors } from '../../api/errors';
import { useT } from '../../i18n';
import { galleryKeys, type Photo } from './gallery-api';
import { titleOf } from './photo-tile';
import { setRights, type RightsBody } from './rights-api';
import { bulkChangeOf, bulkProblems, NO_BULK, type BulkDraft } from './rights-bulk-draft';

export interface BulkErrors {
  fields: Record<string, string>;
  top: string[];
}

/**
 * The bulk edit of rights as the dialog holds it: the photos chosen, what to set, the problems
 * found before sending or answered by the server, and the one request that applies it.
 */
export function useRightsBulk(propertyId: number, photos: readonly Photo[], onClose: () => void) {
  const t = useT();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [draft, setDraft] = useState<BulkDraft>(NO_BULK);
  const [errors, setErrors] = useState<BulkErrors>({ fields: {}, top: [] });
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<BulkDraft>) => setDraft({ ...draft, ...change });
  const toggle = (id: number) => {
    const next = new Set(chosen);
    if (!next.delete(id)) next.add(id);
    setChosen(next);
  };
  const selected = photos.filter((p) => chosen.has(p.id));
  const change = bulkChangeOf(draft);
  const ready = selected.length > 0 && Object.keys(change).length > 0;

  const apply = async () => {
    const problems = bulkProblems(selected, change, (p) => titleOf(p, t));
    if (Object.keys(problems).length) {
      setErrors({
        fields: Object.fromEntries(
          Object.entries(problems).map(([f, { key, titles }]) => [
            f,
            t('gallery.bulk_photos_concerned', { message: t(key), photos: titles.join(', ') }),
          ]),
        ),
        top: [],
      });
      return;
    }
    setSaving(true);
    try {
      const body: RightsBody = { photos: selected.map((p) => p.id), ...change };
      const gallery = await setRights(propertyId, body);
      queryClient.setQueryData(galleryKeys.list(propertyId), gallery);
      enqueueSnackbar(t('gallery.bulk_done', { count: selected.length }), { variant: 'success' });
      onClose();
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors({ fields, top: errorMessages(error) });
    } finally {
      setSaving(false);
    }
  };

  return {
    chosen,
    choose: setChosen,
    toggle,
    selected,
    draft,
    set,
    errors,
    saving,
    ready,
    apply,
  };
}

export type RightsBulkState = ReturnType<typeof useRightsBulk>;
