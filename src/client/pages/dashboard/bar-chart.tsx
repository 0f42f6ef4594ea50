import { memo, useLayoutEffect, useState } from 'react';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Axis, BarGroup, BarSeries, Grid, Tooltip, XYChart } from '@visx/xychart';
import { useFormat, useT } from '../../i18n';
import { countTicks } from './count-ticks';

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
  // A callback ref: the element is followed even when the empty state gives way to the chart.
  const [el, ref] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!el) return undefined;
    const measure = () => setWidth(Math.floor(el.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return { ref, width };
}

/** The chart itself at a measured width: bars grouped per month, the value axis in whole counts when they are counts. */
function Bars({
  series,
  values,
  max,
  width,
  height,
}: {
  series: readonly Series[];
  values: readonly number[];
  max: number;
  width: number;
  height: number;
}) {
  const theme = useTheme();
  const format = useFormat();
  const counts = values.every(Number.isInteger);
  const yTicks = counts ? countTicks(max) : undefined;
  // Month names need room: fewer of them on a narrow card, so they never overlap.
  const xTicks = Math.max(2, Math.min(12, Math.floor(width / 48)));
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
    <XYChart
      width={width}
      height={height}
      margin={{ top: 10, right: 10, bottom: 30, left: 30 }}
      xScale={{ type: 'band', paddingInner: 0.3, reverse: rtl }}
      yScale={
        yTicks
          ? { type: 'linear', domain: [0, yTicks.at(-1)!], zero: true }
          : { type: 'linear', nice: true, zero: true }
      }
    >
      <Grid columns={false} numTicks={yTicks ? yTicks.length - 1 : 4} lineStyle={{ stroke: theme.palette.divider }} />
      {bars.length > 1 ? <BarGroup padding={0.1}>{bars}</BarGroup> : bars}
      <Axis orientation="bottom" numTicks={xTicks} hideTicks stroke={theme.palette.divider} />
      <Axis
        orientation={rtl ? 'right' : 'left'}
        axisClassName="value-axis"
        numTicks={4}
        tickValues={yTicks}
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
  );
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
  const t = useT();
  const { ref, width } = useWidth();
  const values = series.flatMap((s) => s.values.map((v) => v.y));
  const max = Math.max(0, ...values);
  // Nothing to draw: a lone zero line says less than words. (Inside the measured box, so the chart
  // is drawn at its width once numbers arrive.)
  if (max === 0)
    return (
      <Box
        ref={ref}
        data-testid="bar-chart-empty"
        sx={{ minHeight: height / 2, display: 'flex', alignItems: 'center' }}
      >
        <Typography color="text.secondary">{t('dashboard.chart_empty')}</Typography>
      </Box>
    );
  return (
    <Box
      ref={ref}
      role="img"
      aria-label={label}
      data-testid="bar-chart"
      sx={{ width: '100%', minWidth: 0, height, overflow: 'hidden', '& text': { fill: theme.palette.text.secondary } }}
    >
      {width > 0 && <Bars series={series} values={values} max={max} width={width} height={height} />}
    </Box>
  );
});
