import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ContractsQueryWire } from '../../../shared/generated/wire-types';
import { StatusChip } from './contract-bits';
import { companyLabel, useContractLabels, useMyContracts } from './partners-api';

const INCOMING: ContractsQueryWire = { type: 'incoming' };

/** The dashboards' panel: contracts that wait on the viewer's answer, the latest first. */
export function WaitingContractsPanel() {
  const { data, isError } = useMyContracts(INCOMING, 1);
  const labels = useContractLabels();
  if (isError) return <Typography color="text.secondary">The contracts could not be loaded.</Typography>;
  if (!data) return <Typography color="text.secondary">Loading…</Typography>;
  return (
    <Box data-testid="waiting-contracts">
      {data.count === 0 ? (
        <Typography color="text.secondary">No contract waits on your answer.</Typography>
      ) : (
        <>
          <Typography sx={{ mb: 1 }}>
            {data.count} {data.count === 1 ? 'contract waits' : 'contracts wait'} on your answer.
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
        All contracts
      </Button>
    </Box>
  );
}
