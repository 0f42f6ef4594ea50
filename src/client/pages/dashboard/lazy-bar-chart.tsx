import { Suspense, type ComponentProps } from 'react';
import Box from '@mui/material/Box';
import { lazyComponent } from '../../components/lazy-page';
import type { BarChart as Chart } from './bar-chart';

/**
 * The charts (visx and d3: some 30 KB compressed, most of the dashboard's code) load in a chunk of
 * their own, beside the dashboard's, so the greeting, the figures and the cards paint without
 * waiting for them; until then the chart's place is kept at its height, so nothing moves. A
 * dashboard the server rendered has this chunk in before it is hydrated (ssr/hydration.ts).
 */
const Loaded = lazyComponent('bar-chart', () => import('./bar-chart').then((m) => m.BarChart));

export function BarChart(props: ComponentProps<typeof Chart>) {
  return (
    <Suspense fallback={<Box sx={{ width: '100%', height: props.height ?? 200 }} />}>
      <Loaded {...props} />
    </Suspense>
  );
}
