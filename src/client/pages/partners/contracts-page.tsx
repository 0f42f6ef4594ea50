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
import { useT } from '../../i18n';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import queryForm from '../../../shared/generated/forms/contracts-query';
import { contractsQueryNames } from '../../../shared/generated/name-maps';
import type { ContractsQueryWire } from '../../../shared/generated/wire-types';
import { SettingsFrame } from '../../components/settings-frame';
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
  const t = useT();
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
          {t('partners.filter')}
        </Button>
        <Button
          onClick={() => {
            session.reset({});
            onApply({});
          }}
        >
          {t('partners.clear')}
        </Button>
      </Box>
    </Box>
  );
}

/** /contract-details: the account's contracts as incoming (waiting on you), current (in force) and outgoing, filtered and paged. */
export function ContractsPage() {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const tab = tabFrom(search);
  const page = pageFrom(search);
  const filters = useMemo(() => filtersFrom(search) as ContractsQueryWire, [search]);
  const query = useMemo<ContractsQueryWire>(() => ({ ...filters, type: tab }), [filters, tab]);
  const list = useMyContracts(query, page);
  const go = (next: ContractTab, n: number, f: ContractsQueryWire = filters) =>
    setSearch(searchParamsOf(f, n, next !== 'incoming' ? { tab: next } : {}));
  const spec = CONTRACT_TABS.find((s) => s.key === tab)!;
  return (
    <SettingsFrame
      title={t('partners.contracts_title')}
      intro={t('partners.contracts_intro')}
      back={{ to: '/partners', label: t('partners.title') }}
    >
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={tab} onChange={(_e, next: ContractTab) => go(next, 1)} aria-label={t('partners.contracts_title')}>
          {CONTRACT_TABS.map((s) => (
            <Tab
              key={s.key}
              value={s.key}
              label={t(s.label)}
              id={`contracts-tab-${s.key}`}
              aria-controls="contracts-panel"
            />
          ))}
        </Tabs>
      </Box>
      <Filters query={filters} onApply={(f) => go(tab, 1, f)} />
      <Box role="tabpanel" id="contracts-panel" aria-labelledby={`contracts-tab-${tab}`}>
        {list.isError && <Alert severity="error">{errorMessages(list.error).join(' ')}</Alert>}
        {!list.data && !list.isError && <LinearProgress aria-label={t('partners.loading_contracts')} />}
        {list.data && list.data.results.length === 0 && (
          <Box>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {filters.search || filters.countries?.length || filters.status
                ? t('partners.no_contract_matches')
                : t(spec.empty)}
            </Typography>
            <Button component={RouterLink} to="/partners" variant="outlined">
              {t('partners.find_partners')}
            </Button>
          </Box>
        )}
        {list.data && list.data.results.length > 0 && (
          <>
            <ContractsTable contracts={list.data.results} busy={list.isPlaceholderData} label={t(spec.list)} />
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
              <Pagination
                count={pageCount(list.data.count)}
                page={page}
                onChange={(_e, n) => go(tab, n)}
                aria-label={t('partners.contract_pages')}
              />
            </Box>
          </>
        )}
      </Box>
    </SettingsFrame>
  );
}
