import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createAppTheme, type ColorMode } from './theme';

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

interface ColorModeValue {
  mode: ColorMode;
  toggle: () => void;
}

const ColorModeContext = createContext<ColorModeValue>({ mode: 'light', toggle: () => undefined });

export function useColorMode(): ColorModeValue {
  return useContext(ColorModeContext);
}

function initialMode(): ColorMode {
  const prefersDark = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  return readColorMode(window.localStorage, prefersDark);
}

/** Theme with a dark-mode toggle remembered across reloads. */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ColorMode>(initialMode);
  const value = useMemo<ColorModeValue>(
    () => ({
      mode,
      toggle: () => {
        const next = mode === 'light' ? 'dark' : 'light';
        try {
          window.localStorage.setItem(COLOR_MODE_KEY, next);
        } catch {
          // Not remembered, still switched.
        }
        setMode(next);
      },
    }),
    [mode],
  );
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}
