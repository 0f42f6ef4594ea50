import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_THEME_KEY,
  accountThemeToApply,
  appearanceOf,
  readAppearance,
  rememberAppearance,
} from '../../../src/client/theme/appearance';
import { createAppTheme } from '../../../src/client/theme/theme';

function memory(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('the account appearance in the shell', () => {
  it('reads what the preferences say, with the default for anything else', () => {
    expect(appearanceOf({ sidebar_color: 'purple', layout: 'compact', theme: 'dark' })).toEqual({
      sidebarColor: 'purple',
      layout: 'compact',
      theme: 'dark',
    });
    expect(appearanceOf({ sidebar_color: 'pink', layout: 'wide' })).toEqual({
      sidebarColor: 'ananas',
      layout: 'comfortable',
      theme: '',
    });
    // No preferences saved yet: the default theme does not override this device's choice.
    expect(appearanceOf({ user: 0, theme: 'light' }).theme).toBe('');
    expect(appearanceOf({ user: 4, theme: 'light' }).theme).toBe('light');
  });

  it('remembers the last appearance, so a reload shows it before the preferences arrive', () => {
    const storage = memory();
    expect(readAppearance(storage)).toEqual({ sidebarColor: 'ananas', layout: 'comfortable' });
    rememberAppearance(storage, { sidebarColor: 'red', layout: 'compact' });
    expect(readAppearance(storage)).toEqual({ sidebarColor: 'red', layout: 'compact' });
    storage.setItem('ananas.appearance', '{not json');
    expect(readAppearance(storage)).toEqual({ sidebarColor: 'ananas', layout: 'comfortable' });
  });

  it("follows the account's theme when it changes, and leaves the device's toggle alone otherwise", () => {
    const storage = memory();
    expect(accountThemeToApply('dark', storage)).toBe('dark');
    expect(storage.data.get(ACCOUNT_THEME_KEY)).toBe('dark');
    // The same account theme again (a reload): the toggle's choice stays.
    expect(accountThemeToApply('dark', storage)).toBeNull();
    // The owner just saved it: it applies even when seen before.
    expect(accountThemeToApply('dark', storage, true)).toBe('dark');
    expect(accountThemeToApply('light', storage)).toBe('light');
    expect(accountThemeToApply('sepia', storage)).toBeNull();
  });

  it('makes the compact layout denser', () => {
    expect(createAppTheme('light', 'compact').spacing(2)).toBe('12px');
    expect(createAppTheme('light').spacing(2)).toBe('16px');
    expect(createAppTheme('dark', 'compact').palette.mode).toBe('dark');
  });

  it('moves nothing when the system asks for reduced motion: no transition times, no ripple', () => {
    const moving = createAppTheme('light');
    expect(moving.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(moving.transitions.create('opacity')).toContain('opacity');
    expect(moving.components?.MuiButtonBase?.defaultProps?.disableRipple).toBeUndefined();
    for (const layout of ['comfortable', 'compact'] as const) {
      const still = createAppTheme('light', layout, 'en', {}, true);
      expect(Object.values(still.transitions.duration).every((ms) => ms === 0)).toBe(true);
      expect(still.transitions.create('opacity')).toBe('none');
      expect(still.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
      // The rest of the theme is the same.
      expect(still.spacing(2)).toBe(createAppTheme('light', layout).spacing(2));
    }
  });
});
