import { memo } from 'react';
import GlobalStyles from '@mui/material/GlobalStyles';
import type { Theme } from '@mui/material/styles';
import { stateColors } from './chart-colors';

// One style sheet per theme for every chart on the page: 1,600 headers and cells carry class
// names only, and a render of the grid serialises no styles (a memoised component with no props).
export const GridStyles = memo(function GridStyles() {
  return <GlobalStyles styles={gridStyles} />;
});

function gridStyles(theme: Theme) {
  const colors = stateColors(theme);
  const line = `1px solid ${theme.palette.divider}`;
  const paper = theme.palette.background.paper;
  const states = Object.fromEntries(
    colors.map((c, i) => [`.ss-grid .ss-cell.ss-s${i}`, { background: c.bg, color: c.fg }]),
  );
  return {
    '.ss-scroll': { overflowX: 'auto', border: line, borderRadius: theme.shape.borderRadius },
    '.ss-grid': { display: 'grid', touchAction: 'none' },
    '.ss-grid .ss-cell, .ss-grid .ss-colhead, .ss-grid .ss-rowhead, .ss-grid .ss-corner': {
      borderRight: line,
      borderBottom: line,
    },
    '.ss-grid .ss-cell': {
      height: 32,
      background: paper,
      color: theme.palette.text.primary,
      fontSize: 10,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      overflow: 'hidden',
      cursor: 'pointer',
      userSelect: 'none',
      // A cell's content never sizes the grid, and its paint is its own: a changed day lays out and
      // repaints only itself. Traced per keystroke (50 rooms, loaded machine): paint 1-3 ms with
      // strict, 6-13 ms with size and layout containment only, about 30 ms with none.
      contain: 'strict',
    },
    '.ss-grid .ss-cell.ss-we, .ss-grid .ss-colhead.ss-we': {
      backgroundImage: `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`,
    },
    ...states,
    '.ss-grid .ss-cell.ss-today': { boxShadow: 'inset 0 -3px 0 0 currentColor' },
    // Selected days: a ring in the text colour, seen on every state's fill.
    '.ss-grid .ss-cell.ss-sel': { outline: `2px solid ${theme.palette.text.primary}`, outlineOffset: -2 },
    '.ss-grid .ss-cell:focus-visible': { outline: `3px solid ${theme.palette.secondary.main}`, outlineOffset: -3 },
    '.ss-grid .ss-corner, .ss-grid .ss-rowhead': {
      position: 'sticky',
      left: 0,
      background: paper,
      padding: theme.spacing(0, 1),
      display: 'flex',
      alignItems: 'center',
    },
    '.ss-grid .ss-corner': { zIndex: 2, fontSize: 12, fontWeight: 600 },
    '.ss-grid .ss-rowhead': {
      zIndex: 1,
      overflow: 'hidden',
      whiteSpace: 'nowrap',
      textOverflow: 'ellipsis',
      fontSize: 13,
      minWidth: 0,
      display: 'block',
      lineHeight: '32px',
    },
    '.ss-grid .ss-colhead': { textAlign: 'center', fontSize: 11, padding: theme.spacing(0.5, 0) },
    '.ss-grid .ss-colhead.ss-today': { fontWeight: 700, color: theme.palette.info.main },
  };
}
