import { describe, expect, it } from 'vitest';
import { TABS, tabOf } from '../../../src/client/pages/facts/tabs';

describe('the gallery tab of the facts editor', () => {
  it('comes last, after the neighbouring partner hotel, with its own component and no sections', () => {
    expect(TABS.map((t) => t.key).slice(-2)).toEqual(['partner-hotel', 'gallery']);
    const tab = tabOf('gallery')!;
    expect(tab).toMatchObject({ label: 'Gallery', entries: [] });
    expect(tab.extra?.component).toBeTypeOf('function');
    expect(tab.enabledIf).toBeUndefined();
  });
});
