import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { errorMessages } from '../../api/errors';
import { useT } from '../../i18n';
import { ChartModel, currentMonth, localDay } from './chart-model';
import { MonthNav } from './month-nav';
import { fetchOperatorMonth } from './stop-sale-api';
import { StopSaleGrid } from './stop-sale-grid';
import { Legend } from './legend';

/** The operator's read-only availability of a contracted hotel, each state with the operator's own event code. */
export function OperatorAvailability({ property }: { property: number }) {
  const t = useT();
  const [model] = useState(() => new ChartModel());
  const [month, setMonth] = useState(currentMonth);
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const loading = useRef(new Set<string>());
  useEffect(() => {
    if (model.months.has(month) || loading.current.has(month)) return;
    loading.current.add(month);
    setVersion((v) => v + 1);
    fetchOperatorMonth(property, month)
      .then((chart) => model.addMonth(chart))
      .catch((e) => setError(errorMessages(e).join(' ')))
      .finally(() => {
        loading.current.delete(month);
        setVersion((v) => v + 1);
      });
  }, [model, month, property]);
  const chart = model.months.get(month);
  const codes = chart?.rooms[0]?.codes;
  return (
    <Box data-testid="operator-availability">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <MonthNav month={month} setMonth={setMonth} />
      </Box>
      <Box sx={{ mb: 1.5 }}>
        <Legend codes={codes} />
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      {!chart && !error && <LinearProgress aria-label={t('stop-sale.loading')} />}
      {chart && !chart.rooms.length && <Alert severity="info">{t('stop-sale.operator_no_rooms')}</Alert>}
      {chart && chart.rooms.length > 0 && (
        <StopSaleGrid month={month} rooms={chart.rooms} states={model} version={version} today={localDay()} readOnly />
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('stop-sale.operator_read_only')}
      </Typography>
    </Box>
  );
}
