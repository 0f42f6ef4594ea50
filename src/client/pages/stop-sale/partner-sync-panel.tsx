import { memo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatNotificationDate } from '../../format/dates';
import { usePartnerSync, type PartnerSync } from './stop-sale-api';

const STATE: Record<PartnerSync['state'], { label: string; color: 'success' | 'warning' | 'default' }> = {
  confirmed: { label: 'Confirmed', color: 'success' },
  not_confirmed: { label: 'Sent, not confirmed', color: 'warning' },
  nothing_sent: { label: 'Nothing sent yet', color: 'default' },
  no_receiver: { label: 'Reads the chart itself', color: 'default' },
};

function detail(p: PartnerSync): string {
  switch (p.state) {
    case 'confirmed':
      return `Its system acknowledged the latest change${p.confirmed_at ? ` at ${formatNotificationDate(p.confirmed_at)} UTC` : ''}.`;
    case 'not_confirmed':
      return `${p.unconfirmed_count === 1 ? 'One change has' : `${p.unconfirmed_count} changes have`} not been acknowledged by its system yet${p.confirmed_at ? `; last acknowledged ${formatNotificationDate(p.confirmed_at)} UTC` : ''}.`;
    case 'nothing_sent':
      return 'Its system receives your changes automatically; none was sent since it connected.';
    case 'no_receiver':
      return 'No automatic receiver: it reads the chart through the API or the portal and is notified of changes.';
  }
}

/** Under the chart: for each partner that syncs this property's stop-sale, whether its system has confirmed the latest change. */
export const PartnerSyncPanel = memo(function PartnerSyncPanel({ hotel }: { hotel: number }) {
  const sync = usePartnerSync(hotel);
  if (sync.isError)
    return (
      <Alert severity="warning" sx={{ mt: 2 }}>
        Whether your partners received the latest changes could not be loaded.
      </Alert>
    );
  const partners = sync.data ?? [];
  if (!partners.length) return null;
  return (
    <Box component="section" aria-labelledby="partner-sync-title" sx={{ mt: 3 }} data-testid="partner-sync">
      <Typography id="partner-sync-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Partners that sync this availability
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {partners.map((p) => (
          <Box
            component="li"
            key={p.operator}
            sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}
            aria-label={`${p.company_name}: ${STATE[p.state].label}`}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 500 }}>{p.company_name}</Typography>
              <Chip
                size="small"
                label={STATE[p.state].label}
                color={STATE[p.state].color}
                variant={p.state === 'confirmed' || p.state === 'not_confirmed' ? 'filled' : 'outlined'}
              />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {detail(p)}
            </Typography>
            {p.unconfirmed.length > 0 && (
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 3 }}>
                {p.unconfirmed.map((u) => (
                  <Typography component="li" variant="body2" key={`${u.sent_at}|${u.message}`}>
                    {u.message} — sent {formatNotificationDate(u.sent_at)} UTC
                    {u.status === 'failed'
                      ? `; its system refused every attempt${u.response_code ? ` (last answer ${u.response_code})` : ''}: ask the partner to check its receiver`
                      : u.attempts > 0
                        ? `; ${u.attempts} attempt${u.attempts === 1 ? '' : 's'} so far${u.response_code ? `, last answer ${u.response_code}` : ', no answer'}; retrying`
                        : '; on its way'}
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
