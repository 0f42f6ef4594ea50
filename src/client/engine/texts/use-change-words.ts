import { useMemo } from 'react';
import type { SectionDefinition } from '../../../shared/section-types';
import { useFormat, useT } from '../../i18n';
import { useOptionLabelsState, type OptionLabelsState } from '../data/use-option-labels';
import { changeLabel, changeLine, type ChangeContext, type RecordedChange } from './change-words';
import { sectionFile, sectionTitle } from './schema-texts';
import { localDefinition, useSchemaTexts } from './use-schema-texts';

/**
 * The document a change was made to: its schema file under schemas/ (the titles of its schema
 * texts) and, when loaded, its definition (titles as its form shows them, option lists).
 */
export interface ChangedDocument {
  file?: string;
  def?: SectionDefinition;
}

/** A fact section as a changed document (its definition once loaded). */
export const sectionDocument = (
  key: string | null | undefined,
  defs: ReadonlyMap<string, SectionDefinition>,
): ChangedDocument | undefined => (key ? { file: sectionFile(key), def: defs.get(key) } : undefined);

export interface ChangeWords {
  /** One change of the document as a line ("Категория: 4 звезды → 5 звёзд"); none: as recorded. */
  line(doc: ChangedDocument | undefined, change: RecordedChange): string;
  /** A changed field's title path alone, as the line writes it. */
  label(doc: ChangedDocument | undefined, field: Pick<RecordedChange, 'field' | 'label'>): string;
  /** A fact section's title (its tab's name). */
  section(key: string, english: string): string;
}

/** Both families of lists: loading while either is, failed when either failed, else ready. */
function listsStatus(...states: OptionLabelsState[]): OptionLabelsState['status'] {
  if (states.some((s) => s.status === 'loading')) return 'loading';
  return states.some((s) => s.status === 'failed') ? 'failed' : 'ready';
}

/**
 * Recorded changes in the interface's language, with the same translated titles and option
 * labels the changed documents' forms show; the recorded English where they have none.
 */
export function useChangeWords(): ChangeWords {
  const t = useT();
  const format = useFormat();
  const facts = useOptionLabelsState();
  const account = useOptionLabelsState('Account');
  const texts = useSchemaTexts();
  return useMemo(() => {
    // The fact lists and the settings forms' lists (roles, plans...) have names of their own.
    const labels = new Map([...facts.labels, ...account.labels]);
    const lists = listsStatus(facts, account);
    const context = (doc: ChangedDocument | undefined): ChangeContext => {
      const def = doc?.def;
      const local = def && texts ? localDefinition(def, texts) : def;
      return { file: doc?.file, texts, def, local, labels, lists, t, number: format.number, list: format.list };
    };
    return {
      line: (doc, change) => changeLine(change, context(doc)),
      label: (doc, field) => changeLabel(field, context(doc)).label,
      section: (key, english) => (texts ? sectionTitle(texts, key, english) : english),
    };
  }, [texts, facts, account, t, format]);
}
