import { createTheme, type Theme } from '@mui/material/styles';
import type { Localization } from '@mui/material/locale';
import { DEFAULT_LANGUAGE, directionOf, type Language } from '../../shared/i18n/languages';
import { MIRROR_IN_RTL } from '../i18n/isolate';

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

/** The shell's density (preference `layout`): compact fits more on a screen. */
export type ShellLayout = 'comfortable' | 'compact';

export const isSidebarColor = (v: unknown): v is SidebarColor => typeof v === 'string' && v in SIDEBAR_COLORS;

// No web fonts: the security policy allows only our own origin, and system fonts load instantly.
const FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** Smaller controls, tighter spacing and dense lists and tables for the compact layout. */
const COMPACT = {
  spacing: 6,
  typography: { fontFamily: FONT_STACK, fontSize: 13 },
  components: {
    MuiButton: { defaultProps: { disableElevation: true, size: 'small' } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'dense', size: 'small' } },
    MuiList: { defaultProps: { dense: true } },
    MuiTable: { defaultProps: { size: 'small' } },
    MuiToolbar: { defaultProps: { variant: 'dense' } },
  },
} as const;

/**
 * Tables wider than a narrow screen scroll inside themselves, never the page: a block box around
 * the table's rows scrolls sideways (every table of the portal, without a wrapper in each page).
 */
const TABLES = {
  MuiTable: {
    styleOverrides: {
      root: ({ theme }: { theme: Theme }) => ({
        [theme.breakpoints.down('md')]: { display: 'block', overflowX: 'auto', maxWidth: '100%' },
      }),
    },
  },
} as const;

/**
 * Icons that point the way of reading (back, forward, sign out, send) carry MIRROR_IN_RTL and face
 * the other way in a right-to-left language. MUI's own arrows (pagination, first/last page)
 * already follow the theme's direction and carry nothing.
 */
const MIRRORED = `[dir="rtl"] .${MIRROR_IN_RTL}`;
const MIRRORING = { MuiCssBaseline: { styleOverrides: { [MIRRORED]: { transform: 'scaleX(-1)' } } } } as const;

/**
 * For a person whose system asks for less motion (prefers-reduced-motion: reduce; WCAG 2.3.3):
 * dialogs, menus, drawers and collapsing panels appear and go at once, and buttons do not ripple.
 * MUI's transitions take their times and their CSS from these, so one place covers them all.
 */
const STILL = {
  transitions: {
    create: () => 'none',
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
} as const;

export function createAppTheme(
  mode: ColorMode,
  layout: ShellLayout = 'comfortable',
  language: Language = DEFAULT_LANGUAGE,
  /** MUI's own words in the language (src/client/i18n/catalogues.ts); MUI's English without. */
  localization: Localization | Record<string, never> = {},
  /** The system asks for reduced motion (see STILL). */
  reducedMotion = false,
): Theme {
  // The compact layout's components add to the tables' rule and the stillness, never replace them.
  const still = reducedMotion ? STILL.components : {};
  const compact =
    layout === 'compact'
      ? { ...COMPACT, components: { ...COMPACT.components, ...TABLES, ...MIRRORING, ...still } }
      : {};
  return createTheme(
    {
      direction: directionOf(language),
      palette: {
        mode,
        primary: { main: mode === 'light' ? '#2f6f3e' : '#7cc48a' },
        secondary: { main: mode === 'light' ? '#e0a100' : '#ffd15c' },
        background:
          mode === 'light' ? { default: '#f5f7f4', paper: '#ffffff' } : { default: '#121512', paper: '#1b1f1b' },
      },
      typography: { fontFamily: FONT_STACK },
      shape: { borderRadius: 8 },
      components: {
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
        ...TABLES,
        ...MIRRORING,
        ...still,
      },
      ...compact,
      ...(reducedMotion ? { transitions: STILL.transitions } : {}),
    },
    localization,
  );
}
