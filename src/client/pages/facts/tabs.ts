import { humanise } from '../../../shared/errors';
import { sections } from '../../../shared/generated/sections/index';
import type { SectionEntry } from '../../../shared/section-types';
import { GALLERY_TAB } from './gallery-tab-entry';
import type { ExtraTab } from './extra-tab';

export type { ExtraTab };

export const EXTRA_TABS: ExtraTab[] = [GALLERY_TAB];

export interface EditorTab {
  key: string;
  label: string;
  order: number;
  /** The sections drawn in the tab, documents first, in x-section order. */
  entries: SectionEntry[];
  /** The tab's rule (x-section.enabledIf of its document section). */
  enabledIf?: SectionEntry['enabledIf'];
  extra?: ExtraTab;
}

/** The editor's tabs, from the generated section index: one per x-section.tab. */
export function editorTabs(
  all: readonly SectionEntry[] = sections,
  extra: readonly ExtraTab[] = EXTRA_TABS,
): EditorTab[] {
  const byTab = new Map<string, SectionEntry[]>();
  for (const entry of all) {
    if (!entry.tab) continue;
    byTab.set(entry.tab, [...(byTab.get(entry.tab) ?? []), entry]);
  }
  const tabs: EditorTab[] = [...byTab].map(([key, entries]) => {
    const sorted = [...entries].sort((a, b) =>
      a.kind === b.kind ? (a.order ?? 0) - (b.order ?? 0) : a.kind === 'document' ? -1 : 1,
    );
    const doc = sorted.find((e) => e.kind === 'document');
    return {
      key,
      label: doc?.title ?? humanise(key),
      order: Math.min(...entries.map((e) => e.order ?? 100)),
      entries: sorted,
      enabledIf: doc?.enabledIf,
    };
  });
  for (const e of extra) tabs.push({ key: e.key, label: e.label, order: e.order, entries: [], extra: e });
  return tabs.sort((a, b) => a.order - b.order);
}

export const TABS = editorTabs();

export function tabOf(key: string | undefined): EditorTab | undefined {
  return TABS.find((t) => t.key === key);
}
