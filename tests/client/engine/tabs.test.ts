import { describe, expect, it } from 'vitest';
import { editorTabs, TABS } from '../../../src/client/pages/facts/tabs';
import { tabEnabled, tabFilling, tabHasErrors, tabMissing } from '../../../src/client/pages/facts/tab-status';
import { EditorSession } from '../../../src/client/pages/facts/editor-session';
import type { SectionHttp } from '../../../src/client/engine/data/section-api';
import type { SectionCompleteness } from '../../../src/client/api/properties';

const http: SectionHttp = { call: () => Promise.reject(new Error('offline')) };

const row = (section: string, tab: string, patch: Partial<SectionCompleteness> = {}): SectionCompleteness => ({
  section,
  title: section,
  tab,
  kind: 'document',
  enabled: true,
  exists: true,
  filled: 1,
  total: 4,
  missing: [],
  ...patch,
});

describe('editor tabs from the section index', () => {
  it('has the reference tabs in order, lists inside their tab, documents first', () => {
    expect(editorTabs(undefined, []).map((t) => t.key)).toEqual([
      'general',
      'location',
      'facilities',
      'rooms',
      'food-beverage',
      'all-inclusive',
      'sports-wellness',
      'children',
      'entertainment',
      'additional',
      'accessibility',
      'sustainability',
      'maintenance',
      'partner-hotel',
    ]);
    expect(TABS.find((t) => t.key === 'facilities')!.entries.map((e) => e.key)).toEqual([
      'facility',
      'restaurant',
      'bar',
    ]);
    expect(TABS.find((t) => t.key === 'general')!.label).toBe('Main info');
    expect(TABS.find((t) => t.key === 'rooms')!.label).toBe('Rooms');
    expect(TABS.find((t) => t.key === 'all-inclusive')!.enabledIf?.section).toBe('food');
  });

  it('takes an extra tab (the gallery) at its place', () => {
    const tabs = editorTabs(undefined, [{ key: 'gallery', label: 'Gallery', order: 13.5, component: () => null }]);
    expect(tabs.map((t) => t.key).slice(-3)).toEqual(['maintenance', 'gallery', 'partner-hotel']);
  });
});

describe('tab state', () => {
  const session = new EditorSession(7, false, undefined, http);
  const allInclusive = TABS.find((t) => t.key === 'all-inclusive')!;
  const general = TABS.find((t) => t.key === 'general')!;

  it('opens a ruled tab as stored until the controlling section is open here, closed while unknown', () => {
    expect(tabEnabled(general, session, undefined)).toBe(true);
    expect(tabEnabled(allInclusive, session, undefined)).toBe(false);
    expect(tabEnabled(allInclusive, session, [row('all-inclusive', 'all-inclusive', { enabled: true })])).toBe(true);
    expect(tabEnabled(allInclusive, session, [row('all-inclusive', 'all-inclusive', { enabled: false })])).toBe(false);
  });

  it('counts filled fields of documents, rows of lists, and what publishing misses', () => {
    const data = [
      row('facility', 'facilities', { filled: 3, total: 10, missing: [{ field: 'x', label: 'X', message: 'm' }] }),
      row('restaurant', 'facilities', { kind: 'list', filled: 2, total: 2 }),
      row('room', 'rooms', { kind: 'list', filled: 5, total: 5 }),
    ];
    const facilities = TABS.find((t) => t.key === 'facilities')!;
    expect(tabFilling(facilities, data)).toBe('3/10');
    expect(
      tabFilling(
        TABS.find((t) => t.key === 'rooms')!,
        data,
      ),
    ).toBe('5');
    expect(tabMissing(facilities, data)).toBe(1);
    expect(tabHasErrors(facilities, session)).toBe(false);
  });
});
