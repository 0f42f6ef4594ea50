import { isSidebarColor, type ColorMode, type ShellLayout, type SidebarColor } from './theme';

/** What the account's preferences set in the shell: the side menu's colour and the density. */
export interface Appearance {
  sidebarColor: SidebarColor;
  layout: ShellLayout;
}

export const DEFAULT_APPEARANCE: Appearance = { sidebarColor: 'ananas', layout: 'comfortable' };

export const APPEARANCE_KEY = 'ananas.appearance';
/** The account theme this device last followed (see accountThemeToApply). */
export const ACCOUNT_THEME_KEY = 'ananas.accountTheme';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function read(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null; // Storage may be blocked (private mode).
  }
}

function write(storage: Storage | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Not remembered; it still applies now.
  }
}

/** The appearance last seen on this device, so a reload shows it before the preferences arrive. */
export function readAppearance(storage: Storage | undefined): Appearance {
  try {
    const saved = JSON.parse(read(storage, APPEARANCE_KEY) ?? '{}') as Partial<Record<keyof Appearance, unknown>>;
    return {
      sidebarColor: isSidebarColor(saved.sidebarColor) ? saved.sidebarColor : DEFAULT_APPEARANCE.sidebarColor,
      layout: saved.layout === 'compact' ? 'compact' : 'comfortable',
    };
  } catch {
    return DEFAULT_APPEARANCE;
  }
}

export function rememberAppearance(storage: Storage | undefined, appearance: Appearance): void {
  write(storage, APPEARANCE_KEY, JSON.stringify(appearance));
}

/**
 * The mode to switch to for the account's theme: only when that theme is new to this device (or
 * the owner just saved it), so the top bar's toggle stays this device's choice until the
 * account's theme changes. null: leave the mode as it is.
 */
export function accountThemeToApply(theme: unknown, storage: Storage | undefined, force = false): ColorMode | null {
  if (theme !== 'light' && theme !== 'dark') return null;
  const last = read(storage, ACCOUNT_THEME_KEY);
  if (last === theme && !force) return null;
  write(storage, ACCOUNT_THEME_KEY, theme);
  return theme;
}

/**
 * The shell's part of the preferences (GET api/settings/preferences/), with safe fallbacks. The
 * theme counts only once the owner has saved preferences (user over 0): until then it is a
 * default, and the device's own choice stays.
 */
export function appearanceOf(preferences: {
  user?: number;
  sidebar_color?: unknown;
  layout?: unknown;
  theme?: unknown;
}): Appearance & { theme: string } {
  return {
    sidebarColor: isSidebarColor(preferences.sidebar_color)
      ? preferences.sidebar_color
      : DEFAULT_APPEARANCE.sidebarColor,
    layout: preferences.layout === 'compact' ? 'compact' : 'comfortable',
    theme: typeof preferences.theme === 'string' && preferences.user !== 0 ? preferences.theme : '',
  };
}
