import { memo } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { Isolate, useT } from '../../i18n';
import { STATES } from './chart-model';
import { STATE_KEYS } from '../../i18n/stop-sale-states';
import { stateColors } from './chart-colors';
import { CODE_KEYS, type GridRoom } from './grid-types';

/** The states and their colours (and an operator's codes for them). */
export const Legend = memo(function Legend({ codes }: { codes?: GridRoom['codes'] }) {
  const theme = useTheme();
  const colors = stateColors(theme);
  const t = useT();
  return (
    <Box
      component="ul"
      aria-label={t('stop-sale.legend')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}
    >
      {STATES.map((s) => (
        <Box component="li" key={s.color} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: 13 }}>
          <Box
            data-testid={`legend-swatch-${s.color}`}
            sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: colors[s.color]!.bg }}
          />
          {t(STATE_KEYS[s.color])}
          {codes?.[CODE_KEYS[s.color]] ? (
            <>
              {' ('}
              <Isolate>{codes[CODE_KEYS[s.color]]}</Isolate>)
            </>
          ) : null}
        </Box>
      ))}
    </Box>
  );
});
