import { lazy, Suspense, type ReactElement } from 'react';

/**
 * MUI's Tooltip brings Popper (popper.js): some 20 KB compressed that the shell's first paint
 * would wait for, to show a hint only on hover. Here the child paints at once and gets its tooltip
 * when the chunk has come (shortly after the first render).
 */
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

export function DeferredTooltip({ title, children }: { title: string; children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <Tooltip title={title}>{children}</Tooltip>
    </Suspense>
  );
}
