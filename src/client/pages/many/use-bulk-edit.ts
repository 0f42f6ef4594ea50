import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessages } from '../../api/errors';
import { useSectionDefinitions } from '../../engine/data/use-section-definitions';
import { FormSession } from '../../engine/views/form-session';
import { useT } from '../../i18n';
import { sections } from '../../../shared/generated/sections/index';
import type { BulkEditPreviewWire, BulkEditRequestWire } from '../../../shared/generated/wire-types';
import { manyKeys, previewBulkEdit, startBulkEdit } from './many-api';

export const DOCUMENTS = sections.filter((s) => s.kind === 'document');

/** The properties the portfolio handed over (?properties=1,2,3), the starting pick. */
const pickedFrom = (params: URLSearchParams): ReadonlySet<number> =>
  new Set(
    (params.get('properties') ?? '')
      .split(',')
      .map(Number)
      .filter((n) => n > 0),
  );

/**
 * A bulk edit being prepared: the section (its definition loaded when chosen) and its form, the
 * fields and properties chosen, the preview, and applying it as a batch (then ?batch=<id>).
 * Any change to what is chosen drops the preview: Apply always applies what was previewed.
 */
export function useBulkEdit() {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const t = useT();
  const batch = Number(params.get('batch') ?? 0);
  const [sectionKey, setSectionKey] = useState('main-info');
  const def = useSectionDefinitions([sectionKey]).get(sectionKey);
  const session = useMemo(() => (def ? new FormSession(def) : undefined), [def]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => pickedFrom(params));
  const [preview, setPreview] = useState<{ body: BulkEditRequestWire; answer: BulkEditPreviewWire }>();
  const [error, setError] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const request = (): BulkEditRequestWire | undefined => {
    setError([]);
    if (!session || !chosen.length) return (setError([t('many.choose_field')]), undefined);
    if (!picked.size) return (setError([t('many.choose_property')]), undefined);
    const values = session.body(chosen) as Record<string, unknown> | undefined;
    if (!values) return undefined;
    return { section: sectionKey, values, properties: [...picked] };
  };
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    try {
      await step();
    } catch (e) {
      setError(errorMessages(e));
    } finally {
      setBusy(false);
    }
  };
  const onPreview = () => {
    const body = request();
    if (body) void run(async () => setPreview({ body, answer: await previewBulkEdit(body) }));
  };
  const onApply = () => {
    if (!preview) return;
    void run(async () => {
      const started = await startBulkEdit(preview.body);
      client.setQueryData(manyKeys.batch(started.id), started);
      void client.invalidateQueries({ queryKey: manyKeys.batches });
      setPreview(undefined);
      setParams({ batch: String(started.id) });
    });
  };
  const chooseSection = (key: string) => {
    setSectionKey(key);
    setChosen([]);
    setPreview(undefined);
  };
  const chooseField = (name: string, on: boolean) => {
    setPreview(undefined);
    setChosen((c) => (on ? [...c, name] : c.filter((n) => n !== name)));
  };
  const pick = (p: ReadonlySet<number>) => (setPicked(p), setPreview(undefined));

  return {
    batch,
    sectionKey,
    def,
    session,
    chosen,
    picked,
    preview,
    error,
    busy,
    onPreview,
    onApply,
    chooseSection,
    chooseField,
    pick,
  };
}
