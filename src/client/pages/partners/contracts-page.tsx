import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { errorMessages } from '../../api/errors';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import queryForm from '../../../shared/generated/forms/contracts-query';
import { contractsQueryNames } from '../../../shared/generated/name-maps';
import type { ContractsQueryWire } from '../../../shared/generated/wire-types';
import { SettingsFrame } from '../settings/settings-frame';
import { ContractsTable } from './contracts-table';
import { useContractLabels, useMyContracts } from './partners-api';
import {
  CONTRACT_TABS,
  filtersFrom,
  pageCount,
  pageFrom,
  searchParamsOf,
  tabFrom,
  type ContractTab,
} from './partners-format';

/** The lists' filters (partner name, countries, status), drawn by the engine from contracts-query.schema.json. */
function Filters({ query, onApply }: { query: ContractsQueryWire; onApply(q: ContractsQueryWire): void }) {
  const def = useMemo(() => asSection(queryForm, contractsQueryNames, { hide: ['type'] }), []);
  const labels = useContractLabels();
  const [session] = useState(() => new FormSession(def, query));
  return (
    <Box data-testid="contract-filters">
      <DefinitionForm session={session} idPrefix="contracts" labels={labels} />
      <Box sx={{ display: 'flex', gap: 1, mb: 2 }}>
        <Button
          variant="contained"
          onClick={() => {
            const body = session.body();
            if (body) onApply(body as ContractsQueryWire);
          }}
        >
          Filter
        </Button>
        <Button
          onClick={() => {
            session.reset({});
            onApply({});
          }}
        >
          Clear
        </Button>
      </Box>
    </Box>
  );
}

/** /contract-details: the account's contracts as incoming (waiting on you), current (in force) and outgoing, filtered and paged. */
export function ContractsPage() {
  const [search, setSearch] = useSearchParams();
  const tab = tabFrom(search);
  const page = pageFrom(search);
  const filters = useMemo(() => filtersFrom(search) as ContractsQueryWire, [search]);
  const query = useMemo<ContractsQueryWire>(() => ({ ...filters, type: tab }), [filters, tab]);
  const list = useMyContracts(query, page);
  const go = (next: ContractTab, n: number, f: ContractsQueryWire = filters) =>
    setSearch(searchParamsOf(f, n, next !== 'incoming' ? { tab: next } : {}));
  const spec = CONTRACT_TABS.find((t) => t.key === tab)!;
  return (
    <SettingsFrame
      title="Contracts"
      intro="Your contracts with partners: those waiting on your answer, those in force, and those waiting on a partner."
      back={{ to: '/partners', label: 'Partners' }}
    >
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={tab} onChange={(_e, next: ContractTab) => go(next, 1)} aria-label="Contracts">
          {CONTRACT_TABS.map((t) => (
            <Tab
              key={t.key}
              value={t.key}
              label={t.label}
              id={`contracts-tab-${t.key}`}
              aria-controls="contracts-panel"
            />
          ))}
        </Tabs>
      </Box>
      <Filters query={filters} onApply={(f) => go(tab, 1, f)} />
      <Box role="tabpanel" id="contracts-panel" aria-labelledby={`contracts-tab-${tab}`}>
        {list.isError && <Alert severity="error">{errorMessages(list.error).join(' ')}</Alert>}
        {!list.data && !list.isError && <LinearProgress aria-label="Loading contracts" />}
        {list.data && list.data.results.length === 0 && (
          <Box>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {filters.search || filters.countries?.length || filters.status
                ? 'No contract matches these filters.'
                : spec.empty}
            </Typography>
            <Button component={RouterLink} to="/partners" variant="outlined">
              Find partners
            </Button>
          </Box>
        )}
        {list.data && list.data.results.length > 0 && (
          <>
            <ContractsTable
              contracts={list.data.results}
              busy={list.isPlaceholderData}
              label={`${spec.label} contracts`}
            />
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
              <Pagination
                count={pageCount(list.data.count)}
                page={page}
                onChange={(_e, n) => go(tab, n)}
                aria-label="Contract pages"
              />
            </Box>
          </>
        )}
      </Box>
    </SettingsFrame>
  );
}
