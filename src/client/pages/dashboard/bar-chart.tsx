import { memo, useLayoutEffect, useRef, useState } from 'react';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import { Axis, BarGroup, BarSeries, Grid, Tooltip, XYChart } from '@visx/xychart';
import { useFormat } from '../../i18n';

export interface Series {
  key: string;
  label: string;
  values: readonly { x: string; y: number }[];
}

const x = (d: { x: string }) => d.x;
const y = (d: { y: number }) => d.y;

/**
 * A bar chart of one or more monthly series (@visx/xychart, non-animated parts only, so the route
 * chunk stays small), coloured from the MUI theme; right-to-left pages read it right to left.
 * The numbers are in the table or figure beside it too: the chart is never the only way to read them.
 */
/**
 * The width of an element, followed as it changes. The chart is given its size rather than left
 * to XYChart's own ParentSize, which measures late (debounced) and drew nothing, or a chart of the
 * old width sticking out of a narrowed card, until it caught up.
 */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const measure = () => setWidth(Math.floor(el.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export const BarChart = memo(function BarChart({
  series,
  label,
  height = 200,
}: {
  series: readonly Series[];
  label: string;
  height?: number;
}) {
  const theme = useTheme();
  const format = useFormat();
  const { ref, width } = useWidth();
  const colours = [theme.palette.primary.main, theme.palette.secondary.main, theme.palette.success.main];
  const rtl = theme.direction === 'rtl';
  const bars = series.map((s, i) => (
    <BarSeries
      key={s.key}
      dataKey={s.label}
      data={[...s.values]}
      xAccessor={x}
      yAccessor={y}
      colorAccessor={() => colours[i % colours.length]}
    />
  ));
  return (
    <Box
      ref={ref}
      role="img"
      aria-label={label}
      data-testid="bar-chart"
      sx={{ width: '100%', minWidth: 0, height, overflow: 'hidden', '& text': { fill: theme.palette.text.secondary } }}
    >
      {width > 0 && (
        <XYChart
          width={width}
          height={height}
          margin={{ top: 10, right: 10, bottom: 30, left: 30 }}
          xScale={{ type: 'band', paddingInner: 0.3, reverse: rtl }}
          yScale={{ type: 'linear', nice: true, zero: true }}
        >
          <Grid columns={false} numTicks={4} lineStyle={{ stroke: theme.palette.divider }} />
          {bars.length > 1 ? <BarGroup padding={0.1}>{bars}</BarGroup> : bars}
          <Axis orientation="bottom" numTicks={12} hideTicks stroke={theme.palette.divider} />
          <Axis
            orientation={rtl ? 'right' : 'left'}
            numTicks={4}
            hideAxisLine
            hideTicks
            tickFormat={(v: number) => format.number(v)}
          />
          <Tooltip<{ x: string; y: number }>
            snapTooltipToDatumX
            showVerticalCrosshair={false}
            renderTooltip={({ tooltipData }) => (
              <Box sx={{ fontSize: 12 }} dir={theme.direction}>
                <strong>{tooltipData?.nearestDatum?.datum.x}</strong>
                {Object.entries(tooltipData?.datumByKey ?? {}).map(([key, d]) => (
                  <div key={key}>
                    {key}: {format.number(d.datum.y)}
                  </div>
                ))}
              </Box>
            )}
          />
        </XYChart>
      )}
    </Box>
  );
});
