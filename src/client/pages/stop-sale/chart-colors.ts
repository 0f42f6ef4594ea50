import { getContrastRatio, type Theme } from '@mui/material/styles';
import { STATES } from './chart-model';

export interface StateColors {
  /** The day's fill. */
  bg: string;
  /** Its text (an operator's code): black or white, whichever reads better on the fill. */
  fg: string;
}

const BLACK = '#000';
const WHITE = '#fff';

/** Black or white text on `bg`, the one with the higher contrast (small text wants 4.5:1). */
export const textOn = (bg: string): string =>
  getContrastRatio(bg, BLACK) >= getContrastRatio(bg, WHITE) ? BLACK : WHITE;

const cache = new WeakMap<Theme, StateColors[]>();

/**
 * Each state's colours in a theme. Blocked is Bootstrap's "dark": near black on a light page; on a
 * dark page near black would vanish, so there it is a mid grey (6:1 against the dark paper, still
 * apart from the four bright states). Computed once per theme: 1,550 cells read them.
 */
export function stateColors(theme: Theme): StateColors[] {
  let colors = cache.get(theme);
  if (!colors) {
    colors = STATES.map((s) => {
      const bg =
        s.palette === 'dark'
          ? theme.palette.mode === 'dark'
            ? theme.palette.grey[500]
            : theme.palette.grey[900]
          : theme.palette[s.palette].main;
      return { bg, fg: textOn(bg) };
    });
    cache.set(theme, colors);
  }
  return colors;
}
