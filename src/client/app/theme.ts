import { createTheme, type Theme } from '@mui/material/styles';

export type ColorMode = 'light' | 'dark';

/** Spec 000 §5: the sidebar colour is one of these; 'ananas' is the default. */
export const SIDEBAR_COLORS = {
  ananas: '#2f5d3a',
  purple: '#5b3f8c',
  blue: '#1f4e8c',
  green: '#2e7d32',
  orange: '#b85c00',
  red: '#a4262c',
} as const;

export type SidebarColor = keyof typeof SIDEBAR_COLORS;

// No web fonts: the security policy allows only our own origin, and system fonts load instantly.
const FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export function createAppTheme(mode: ColorMode): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'light' ? '#2f6f3e' : '#7cc48a' },
      secondary: { main: mode === 'light' ? '#e0a100' : '#ffd15c' },
      background: mode === 'light' ? { default: '#f5f7f4', paper: '#ffffff' } : { default: '#121512', paper: '#1b1f1b' },
    },
    typography: { fontFamily: FONT_STACK },
    shape: { borderRadius: 8 },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
    },
  });
}
