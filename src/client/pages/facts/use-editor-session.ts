import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EditorSession } from './editor-session';
import { factsKeys } from '../../api/properties';
import { portfolioKey } from '../../api/portfolio';
import { useFactsAccess } from './use-facts-access';

/**
 * The editing session of one property: read-only without the facts flag, and every save makes
 * the property's completeness (and the portfolio's) and its publish state be fetched again. Undefined while the user's flags load or
 * before a property is chosen; a new session when the property or the flag changes.
 */
export function useEditorSession(id: number): EditorSession | undefined {
  const queryClient = useQueryClient();
  const canEdit = useFactsAccess()?.facts;
  const onSaved = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: factsKeys.completeness(id) });
    // The facts list and the portfolio show every property's completeness from one call.
    void queryClient.invalidateQueries({ queryKey: portfolioKey });
    // A save on a live property leaves it "saved, not published" (the editor's publish chip).
    void queryClient.invalidateQueries({ queryKey: factsKeys.properties });
  }, [queryClient, id]);
  return useMemo(
    () => (canEdit === undefined || !(id > 0) ? undefined : new EditorSession(id, !canEdit, onSaved)),
    [id, canEdit, onSaved],
  );
}
