import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { StatusChip } from './contract-bits';
import { companyLabel, INCOMING_CONTRACTS, useContractLabels, useMyContracts } from './partners-api';
import { useAbilities } from '../../session/use-can';
import { useT } from '../../i18n';

/** The dashboards' panel: contracts that wait on the viewer's answer, the latest first. */
export function WaitingContractsPanel() {
  const t = useT();
  const { data, isError } = useMyContracts(INCOMING_CONTRACTS, 1);
  const labels = useContractLabels();
  // Only a holder of the partner-connections permission can answer: the others are told who does.
  const answers = useAbilities()?.can('partner_connections') ?? false;
  if (isError) return <Typography color="text.secondary">{t('partners.contracts_load_failed')}</Typography>;
  if (!data) return <Typography color="text.secondary">{t('partners.loading_ellipsis')}</Typography>;
  return (
    <Box data-testid="waiting-contracts">
      {data.count === 0 ? (
        <Typography color="text.secondary">
          {answers ? t('partners.empty_incoming') : t('partners.none_waiting_answer')}
        </Typography>
      ) : (
        <>
          <Typography sx={{ mb: 1 }}>
            {answers
              ? t('partners.waiting_your_answer', { count: data.count })
              : t('partners.waiting_colleague_answer', { count: data.count })}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
            {data.results.slice(0, 5).map((c) => (
              <Box component="li" key={c.id} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <StatusChip status={c.status} labels={labels} />
                <Link component={RouterLink} to={`/contract-view/${c.id}`}>
                  {companyLabel(c.partner_info)}
                </Link>
              </Box>
            ))}
          </Box>
        </>
      )}
      <Button component={RouterLink} to="/contract-details" size="small" sx={{ mt: 1 }}>
        {t('partners.all_contracts')}
      </Button>
    </Box>
  );
}
