import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { errorMessages, unwrap } from '../../api/errors';
import type { SectionRevisionWire } from '../../../shared/generated/wire-types';

/**
 * A section's history while its dialog is open, the revision chosen to restore (with its diff
 * against the current state) and the restore itself.
 */
export function useSectionHistory({
  open,
  propertyId,
  section,
  onClose,
  onRestored,
}: {
  open: boolean;
  propertyId: number;
  section: string;
  onClose(): void;
  onRestored(): void;
}) {
  const [preview, setPreview] = useState<SectionRevisionWire | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const path = { id: propertyId, section };
  // Read each time the dialog opens (never cached: the point is to see the latest saves).
  const query = useQuery({
    queryKey: ['facts-history', propertyId, section],
    queryFn: () =>
      unwrap(api.GET('/api/facts/history/{id}/{section}/', { params: { path: { id: propertyId, section } } })),
    enabled: open,
    gcTime: 0,
    staleTime: 0,
  });
  const history = query.data ?? null;
  const loadError = query.error ? errorMessages(query.error).join(' ') : null;

  const choose = async (revision: number) => {
    setError(null);
    try {
      setPreview(
        await unwrap(
          api.GET('/api/facts/history/{id}/{section}/{revision}/', { params: { path: { ...path, revision } } }),
        ),
      );
    } catch (e) {
      setError(errorMessages(e).join(' '));
    }
  };

  const restore = async () => {
    if (!preview) return;
    setBusy(true);
    setError(null);
    try {
      await unwrap(
        api.POST('/api/facts/history/{id}/{section}/{revision}/restore/', {
          params: { path: { ...path, revision: preview.revision } },
          body: { current_revision: preview.current_revision },
        }),
      );
      onRestored();
      onClose();
    } catch (e) {
      // Stale (409) or refused by today's rules (400): say why and show the history as it is now.
      setError(errorMessages(e).join(' '));
      setPreview(null);
      void query.refetch();
    } finally {
      setBusy(false);
    }
  };

  return { history, loadError, preview, setPreview, error, busy, choose, restore };
}
