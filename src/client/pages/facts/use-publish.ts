import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { errorMessages, unwrap } from '../../api/errors';
import type { EditorSession } from './editor-session';
import { factsKeys, fetchCompleteness } from '../../api/properties';
import { portfolioKey } from '../../api/portfolio';
import { useT } from '../../i18n';

export interface PublishState {
  busy: boolean;
  /** Why publishing was refused (one line per section), or empty. */
  problems: string[];
  /** Tabs named by the refusal. */
  blocked: ReadonlySet<string>;
}

/**
 * "Save & publish": save what changed, refuse while any enabled section breaks its publish
 * rules (naming each, marking its tab and fields), then publish.
 */
export function usePublish(session: EditorSession | undefined, onPublished: (date: string) => void) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<PublishState>({ busy: false, problems: [], blocked: new Set() });
  const t = useT();
  const publish = useCallback(async () => {
    if (!session) return;
    setState((s) => ({ ...s, busy: true }));
    const id = session.propertyId;
    try {
      const saved = await session.saveDirty();
      if (!saved.ok) {
        setState({
          busy: false,
          problems: [t('facts.publish_not_saved')],
          blocked: new Set(),
        });
        return;
      }
      const completeness = await fetchCompleteness(id);
      queryClient.setQueryData(factsKeys.completeness(id), completeness);
      const failing = completeness.sections.filter((s) => s.enabled && s.missing.length > 0);
      if (failing.length) {
        for (const s of failing) session.existing(s.section)?.showMissing(s.missing);
        setState({
          busy: false,
          problems: [
            t('facts.publish_heading'),
            ...failing.map((s) => `${s.title}: ${[...new Set(s.missing.map((m) => m.label))].join(', ')}`),
          ],
          blocked: new Set(failing.map((s) => s.tab ?? '')),
        });
        return;
      }
      const result = await unwrap(api.POST('/api/facts/property/{id}/publish/create/', { params: { path: { id } } }));
      setState({ busy: false, problems: [], blocked: new Set() });
      await queryClient.invalidateQueries({ queryKey: factsKeys.properties });
      void queryClient.invalidateQueries({ queryKey: portfolioKey });
      onPublished(result.publish_date);
    } catch (e) {
      setState({ busy: false, problems: errorMessages(e), blocked: new Set() });
    }
  }, [session, queryClient, onPublished, t]);
  return { ...state, publish };
}
