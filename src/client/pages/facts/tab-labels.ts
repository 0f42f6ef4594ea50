import { useCallback } from 'react';
import type { MessageKey } from '../../../shared/i18n/messages';
import { useT } from '../../i18n';
import { useSchemaTexts } from '../../engine/texts/use-schema-texts';
import { sectionTitle } from '../../engine/texts/schema-texts';
import type { EditorTab } from './tabs';

/** Tabs without a document section to name them: their own words. */
const OWN_WORDS: Readonly<Record<string, MessageKey>> = {
  rooms: 'facts.tab_rooms',
  maintenance: 'facts.tab_maintenance',
  gallery: 'facts.tab_gallery',
};

/**
 * A tab's name in the interface's language: its document section's title from the schema
 * texts, else its own words; the English of tabs.ts until the texts arrive.
 */
export function useTabLabel(): (tab: EditorTab) => string {
  const t = useT();
  const texts = useSchemaTexts();
  return useCallback(
    (tab: EditorTab) => {
      const own = OWN_WORDS[tab.key];
      if (own) return t(own);
      const doc = tab.entries.find((e) => e.kind === 'document');
      return doc && texts ? sectionTitle(texts, doc.key, doc.title) : tab.label;
    },
    [t, texts],
  );
}
