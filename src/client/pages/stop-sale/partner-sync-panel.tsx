import { memo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useFormat, useT, type Formatters, type Translate } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n/messages';
import { usePartnerSync, type PartnerSync } from './stop-sale-api';

const STATE: Record<PartnerSync['state'], { label: MessageKey; color: 'success' | 'warning' | 'default' }> = {
  confirmed: { label: 'stop-sale.sync_confirmed', color: 'success' },
  not_confirmed: { label: 'stop-sale.sync_not_confirmed', color: 'warning' },
  nothing_sent: { label: 'stop-sale.sync_nothing_sent', color: 'default' },
  no_receiver: { label: 'stop-sale.sync_no_receiver', color: 'default' },
};

function detail(p: PartnerSync, t: Translate, format: Formatters): string {
  const at = p.confirmed_at ? format.dateTime(p.confirmed_at) : null;
  switch (p.state) {
    case 'confirmed':
      return at ? t('stop-sale.sync_confirmed_at', { at }) : t('stop-sale.sync_confirmed_detail');
    case 'not_confirmed':
      return at
        ? t('stop-sale.sync_unconfirmed_since', { count: p.unconfirmed_count, at })
        : t('stop-sale.sync_unconfirmed', { count: p.unconfirmed_count });
    case 'nothing_sent':
      return t('stop-sale.sync_nothing_sent_detail');
    case 'no_receiver':
      return t('stop-sale.sync_no_receiver_detail');
  }
}

/** What became of one change sent to the partner's receiver. */
function attemptText(u: PartnerSync['unconfirmed'][number], t: Translate): string {
  const code = u.response_code ? String(u.response_code) : null;
  if (u.status === 'failed') return code ? t('stop-sale.sync_failed_code', { code }) : t('stop-sale.sync_failed');
  if (u.attempts > 0)
    return code
      ? t('stop-sale.sync_retrying_code', { count: u.attempts, code })
      : t('stop-sale.sync_retrying', { count: u.attempts });
  return t('stop-sale.sync_on_its_way');
}

/** Under the chart: for each partner that syncs this property's stop-sale, whether its system has confirmed the latest change. */
export const PartnerSyncPanel = memo(function PartnerSyncPanel({ hotel }: { hotel: number }) {
  const sync = usePartnerSync(hotel);
  const t = useT();
  const format = useFormat();
  if (sync.isError)
    return (
      <Alert severity="warning" sx={{ mt: 2 }}>
        {t('stop-sale.sync_failed_load')}
      </Alert>
    );
  const partners = sync.data ?? [];
  if (!partners.length) return null;
  return (
    <Box component="section" aria-labelledby="partner-sync-title" sx={{ mt: 3 }} data-testid="partner-sync">
      <Typography id="partner-sync-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('stop-sale.sync_title')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {partners.map((p) => (
          <Box
            component="li"
            key={p.operator}
            sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}
            aria-label={`${p.company_name}: ${t(STATE[p.state].label)}`}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 500 }}>{p.company_name}</Typography>
              <Chip
                size="small"
                label={t(STATE[p.state].label)}
                color={STATE[p.state].color}
                variant={p.state === 'confirmed' || p.state === 'not_confirmed' ? 'filled' : 'outlined'}
              />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {detail(p, t, format)}
            </Typography>
            {p.unconfirmed.length > 0 && (
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 3 }}>
                {p.unconfirmed.map((u) => (
                  <Typography component="li" variant="body2" key={`${u.sent_at}|${u.message}`}>
                    {t('stop-sale.sync_sent', {
                      message: u.message,
                      at: format.dateTime(u.sent_at),
                      outcome: attemptText(u, t),
                    })}
                  </Typography>
                ))}
              </Box>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
});
