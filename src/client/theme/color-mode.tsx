import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { accountThemeToApply, readAppearance, rememberAppearance, type Appearance } from './appearance';
import { useLanguage } from '../i18n';
import { muiLocalization } from '../i18n/catalogues';
import { DirectionCache } from './direction-cache';
import { createAppTheme, type ColorMode } from './theme';
import { prefersDark, viewStorage } from '../platform/where';

export const COLOR_MODE_KEY = 'ananas.colorMode';

/** The remembered mode; the system preference on a first visit. */
export function readColorMode(storage: Pick<Storage, 'getItem'> | undefined, prefersDark: boolean): ColorMode {
  try {
    const saved = storage?.getItem(COLOR_MODE_KEY);
    if (saved === 'light' || saved === 'dark') return saved;
  } catch {
    // Storage may be blocked (private mode); the default is fine.
  }
  return prefersDark ? 'dark' : 'light';
}

/** The account's appearance preferences, as the shell applies them. */
export interface AccountAppearance extends Appearance {
  theme: string;
}

interface ColorModeValue extends Appearance {
  mode: ColorMode;
  toggle: () => void;
  /** Apply the account's preferences; `saved`: the owner just saved them, so the theme applies even if seen before. */
  applyAccount: (account: AccountAppearance, saved?: boolean) => void;
}

const ColorModeContext = createContext<ColorModeValue>({
  mode: 'light',
  toggle: () => undefined,
  applyAccount: () => undefined,
  ...readAppearance(undefined),
});

export function useColorMode(): ColorModeValue {
  return useContext(ColorModeContext);
}

function initialMode(): ColorMode {
  return readColorMode(viewStorage(), prefersDark());
}

function remember(mode: ColorMode): void {
  try {
    viewStorage()?.setItem(COLOR_MODE_KEY, mode);
  } catch {
    // Not remembered, still switched.
  }
}

/** Theme (in the interface language's direction) with a dark-mode toggle remembered across reloads, and the account's colour and density. */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ColorMode>(initialMode);
  const [appearance, setAppearance] = useState<Appearance>(() => readAppearance(viewStorage()));
  const applyAccount = useCallback((account: AccountAppearance, saved = false) => {
    const next: Appearance = { sidebarColor: account.sidebarColor, layout: account.layout };
    rememberAppearance(viewStorage(), next);
    setAppearance((a) => (a.sidebarColor === next.sidebarColor && a.layout === next.layout ? a : next));
    const theme = accountThemeToApply(account.theme, viewStorage(), saved);
    if (theme) {
      remember(theme);
      setMode(theme);
    }
  }, []);
  const value = useMemo<ColorModeValue>(
    () => ({
      mode,
      ...appearance,
      applyAccount,
      toggle: () => {
        const next = mode === 'light' ? 'dark' : 'light';
        remember(next);
        setMode(next);
      },
    }),
    [mode, appearance, applyAccount],
  );
  const { language, dir } = useLanguage();
  // Read at once (noSsr): the first paint already moves as the system asks.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const theme = useMemo(
    () => createAppTheme(mode, appearance.layout, language, muiLocalization(language), reducedMotion),
    [mode, appearance.layout, language, reducedMotion],
  );
  return (
    <ColorModeContext.Provider value={value}>
      <DirectionCache dir={dir}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          {children}
        </ThemeProvider>
      </DirectionCache>
    </ColorModeContext.Provider>
  );
}
