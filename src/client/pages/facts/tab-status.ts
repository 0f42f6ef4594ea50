import type { SectionCompleteness } from '../../api/properties';
import type { EditorSession } from './editor-session';
import type { EditorTab } from './tabs';

export interface TabStatus {
  enabled: boolean;
  errors: boolean;
}

/**
 * Whether a tab may be opened: its rule (x-section.enabledIf) on the controlling section as it
 * is being edited, else as stored (the completeness call), else closed until known.
 */
export function tabEnabled(
  tab: EditorTab,
  session: EditorSession,
  completeness: readonly SectionCompleteness[] | undefined,
): boolean {
  if (!tab.enabledIf) return true;
  const live = session.liveEnabled(tab.enabledIf);
  if (live !== undefined) return live;
  const stored = completeness?.filter((s) => s.tab === tab.key);
  return stored?.length ? stored.every((s) => s.enabled) : false;
}

export function tabHasErrors(tab: EditorTab, session: EditorSession): boolean {
  return tab.entries.some((e) => (session.existing(e.key)?.errorTotal() ?? 0) > 0);
}

/** "36/50": the filled fields of a tab's documents; a list-only tab counts its rows. */
export function tabFilling(
  tab: EditorTab,
  completeness: readonly SectionCompleteness[] | undefined,
): string | undefined {
  const own = completeness?.filter((s) => s.tab === tab.key);
  if (!own?.length) return undefined;
  const docs = own.filter((s) => s.kind === 'document');
  if (!docs.length) return `${own.reduce((n, s) => n + s.filled, 0)}`;
  const filled = docs.reduce((n, s) => n + s.filled, 0);
  const total = docs.reduce((n, s) => n + s.total, 0);
  return `${filled}/${total}`;
}

/** A tab whose stored section breaks its publish rules. */
export function tabMissing(tab: EditorTab, completeness: readonly SectionCompleteness[] | undefined): number {
  return (completeness ?? []).filter((s) => s.tab === tab.key && s.enabled).reduce((n, s) => n + s.missing.length, 0);
}
