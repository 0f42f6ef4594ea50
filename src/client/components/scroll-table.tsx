import { useLayoutEffect, useState, type ReactNode } from 'react';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useT } from '../i18n';

/** Which ends of a sideways scroll box hide more of its content. */
export interface HiddenEdges {
  start: boolean;
  end: boolean;
}

/**
 * The hidden ends of a box from its scroll position. Right-to-left boxes count scrollLeft from 0
 * towards negative numbers, so only its size matters; a pixel of rounding is not "more".
 */
export function hiddenEdges(box: { scrollLeft: number; scrollWidth: number; clientWidth: number }): HiddenEdges {
  const range = box.scrollWidth - box.clientWidth;
  const at = Math.abs(box.scrollLeft);
  return { start: at > 1, end: range - at > 1 };
}

function useHiddenEdges() {
  const [el, ref] = useState<HTMLDivElement | null>(null);
  const [edges, setEdges] = useState<HiddenEdges>({ start: false, end: false });
  useLayoutEffect(() => {
    if (!el) return undefined;
    const measure = () =>
      setEdges((was) => {
        const now = hiddenEdges(el);
        return now.start === was.start && now.end === was.end ? was : now;
      });
    // Both the box (the window narrows) and the table (rows arrive) change what is hidden. The
    // observer's first call, after the browser's own layout, is the first measure: measuring here
    // forced a layout of the whole page in the middle of the first render (17 ms on a cold load
    // of the portfolio).
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [el]);
  return { ref, edges };
}

/** A shade over the edge beyond which more of the table lies (the RTL cache flips left, right and the shadow). */
const shade = (side: 'left' | 'right') => ({
  position: 'absolute',
  top: 0,
  bottom: 0,
  [side]: 0,
  width: 24,
  pointerEvents: 'none',
  boxShadow: `inset ${side === 'left' ? 16 : -16}px 0 12px -12px rgba(0, 0, 0, 0.35)`,
});

/**
 * A wide table in an outlined card that scrolls sideways on a narrow screen, and says so: a line
 * above it ("Scroll sideways for more") and a shade on each edge that hides columns, so the
 * actions at the row's end are not lost off screen. At widths where the table fits neither shows.
 */
export function ScrollTable({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  const t = useT();
  const { ref, edges } = useHiddenEdges();
  const scrolls = edges.start || edges.end;
  return (
    // minWidth 0: as a flex or grid item the box would otherwise grow to the table's width and never scroll.
    <Box data-testid="scroll-table" data-hidden-start={edges.start} data-hidden-end={edges.end} sx={{ minWidth: 0 }}>
      {scrolls && (
        <Typography
          variant="caption"
          color="text.secondary"
          data-testid="scroll-hint"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 0.5 }}
        >
          <SwapHorizIcon fontSize="small" aria-hidden />
          {t('components.scroll_sideways')}
        </Typography>
      )}
      <Paper variant="outlined" sx={{ position: 'relative', opacity: busy ? 0.6 : 1 }} aria-busy={busy || undefined}>
        {/* This box scrolls, not the table: the theme makes every table its own scroll box on a narrow screen. */}
        <Box ref={ref} sx={{ overflowX: 'auto', '& > .MuiTable-root': { display: 'table', maxWidth: 'none' } }}>
          {children}
        </Box>
        {edges.start && <Box sx={shade('left')} data-testid="scroll-shade-start" />}
        {edges.end && <Box sx={shade('right')} data-testid="scroll-shade-end" />}
      </Paper>
    </Box>
  );
}
