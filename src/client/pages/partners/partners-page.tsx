import { useMemo, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import { ScrollTable } from '../../components/scroll-table';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorMessages } from '../../api/errors';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import { useT } from '../../i18n';
import { useCountryName } from '../../components/property-table';
import { NotPublishedChip } from '../../components/operator-hotel';
import { useSession } from '../../session/session';
import { useAbilities } from '../../session/use-can';
import searchForm from '../../../shared/generated/forms/partner-search';
import { partnerSearchNames } from '../../../shared/generated/name-maps';
import type { PartnerSearchWire, PartnerWire } from '../../../shared/generated/wire-types';
import { SettingsFrame } from '../../components/settings-frame';
import { StatusChip } from './contract-bits';
import { companyLabel, useContractLabels, useDirectory } from './partners-api';
import { filtersFrom, pageCount, pageFrom, searchParamsOf } from './partners-format';

/** A connection that no longer binds anyone: a new proposal may start. */
const OPEN = new Set(['None', 'R', 'X']);

function Filters({ query, onApply }: { query: PartnerSearchWire; onApply(q: PartnerSearchWire): void }) {
  const def = useMemo(() => asSection(searchForm, partnerSearchNames, { hide: ['role'] }), []);
  const labels = useContractLabels();
  const [session] = useState(() => new FormSession(def, query));
  const t = useT();
  const apply = () => {
    const body = session.body();
    if (body) onApply(body as PartnerSearchWire);
  };
  // Enter in a filter's text field searches as the button does (issue 38 §2). A key handler, not a
  // form: each group card of the engine is a form of its own, which keeps its Enter to itself.
  const enter = (e: KeyboardEvent<HTMLElement>) => {
    // A list's own Enter (choosing an option) is taken before it bubbles here.
    if (e.key !== 'Enter' || e.defaultPrevented || !(e.target instanceof HTMLInputElement) || e.target.type !== 'text')
      return;
    e.preventDefault();
    apply();
  };
  return (
    <Box role="search" aria-label={t('partners.search')} data-testid="partner-filters" onKeyDown={enter}>
      <DefinitionForm session={session} idPrefix="partners" labels={labels} />
      <Box sx={{ display: 'flex', gap: 1, mb: 3 }}>
        <Button variant="contained" onClick={apply}>
          {t('partners.search')}
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

/** A hotel's properties under its name: those the search matched marked, the rest after them. */
function Properties({ p }: { p: PartnerWire }) {
  const t = useT();
  const countryName = useCountryName();
  if (!p.properties.length) return null;
  const more = p.property_count - p.properties.length;
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', m: 0, p: 0 }}
      aria-label={t('partners.properties_of', { name: p.name })}
    >
      {p.properties.map((h) => (
        <Typography
          key={h.id}
          component="li"
          variant="body2"
          color={h.matched ? 'text.primary' : 'text.secondary'}
          data-matched={h.matched || undefined}
          sx={{ fontWeight: h.matched ? 600 : undefined }}
        >
          {h.matched && (
            <Box component="span" sx={{ mr: 0.5 }} aria-label={t('partners.matches_search')}>
              ✓
            </Box>
          )}
          {h.hotel_name}
          {(h.city || h.country) &&
            ` · ${[h.city, h.country ? countryName(h.country) : ''].filter(Boolean).join(', ')}`}
          {!h.published && (
            <Box component="span" sx={{ ml: 1 }}>
              <NotPublishedChip />
            </Box>
          )}
        </Typography>
      ))}
      {more > 0 && (
        <Typography component="li" variant="body2" color="text.secondary">
          {t('partners.and_more', { count: more })}
        </Typography>
      )}
    </Box>
  );
}

/**
 * What tells two companies of one name apart beside their place (issue 38 §2): the moderators'
 * verified mark and, for a hotel, how many properties it has (the list under it stops at ten).
 */
function Marks({ p }: { p: PartnerWire }) {
  const t = useT();
  return (
    <>
      {p.company.genuine && <Chip size="small" color="success" variant="outlined" label={t('partners.verified')} />}
      {p.account_type === 'accommodation' && (
        <Typography component="span" variant="body2" color="text.secondary">
          {t('partners.property_count', { count: p.property_count })}
        </Typography>
      )}
    </>
  );
}

function Row({ p, canPropose }: { p: PartnerWire; canPropose: boolean }) {
  const t = useT();
  const countryName = useCountryName();
  const labels = useContractLabels();
  const name = companyLabel(p);
  const c = p.contract_status;
  return (
    <TableRow data-partner={name}>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Avatar
            src={p.company.logo ?? undefined}
            alt=""
            variant="rounded"
            sx={{
              width: 40,
              height: 40,
              bgcolor: 'action.selected',
              color: 'text.secondary',
              '& img': { objectFit: 'contain' },
            }}
          >
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box>
            <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <Link component={RouterLink} to={`/portfolio/${p.id}`}>
                {name}
              </Link>
              <Marks p={p} />
            </Box>
            <Properties p={p} />
          </Box>
        </Box>
      </TableCell>
      <TableCell>{p.account_type === 'to' ? t('partners.tour_operator') : t('partners.accommodation')}</TableCell>
      <TableCell>{[p.city, p.country ? countryName(p.country) : ''].filter(Boolean).join(', ')}</TableCell>
      <TableCell>
        <StatusChip status={c.status} labels={labels} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {c.id !== null && (
          <Button
            size="small"
            component={RouterLink}
            to={`/contract-view/${c.id}`}
            aria-label={t('partners.view_contract_with', { name })}
          >
            {t('partners.view_contract')}
          </Button>
        )}
        {canPropose && OPEN.has(c.status) && (
          <Button
            size="small"
            variant="outlined"
            component={RouterLink}
            to={`/contract-edit?partner=${p.id}`}
            aria-label={t('partners.propose_to', { name })}
          >
            {t('partners.propose')}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/** /partners: the companies of the other account type, their connection with you, and the way to a contract. */
export function PartnersPage() {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const query = useMemo(() => filtersFrom(search), [search]);
  const page = pageFrom(search);
  const directory = useDirectory(query, page);
  const canPropose = useAbilities()?.can('partner_connections') ?? false;
  const operator = useSession()?.user.accountType === 'to';
  const go = (q: PartnerSearchWire, n: number) => setSearch(searchParamsOf(q, n));
  const intro = operator ? t('partners.intro_operator') : t('partners.intro_hotel');
  return (
    <SettingsFrame title={t('partners.title')} intro={intro} back={null}>
      <Box sx={{ mb: 2 }}>
        <Button component={RouterLink} to="/contract-details" variant="outlined">
          {t('partners.my_contracts')}
        </Button>
      </Box>
      {!canPropose && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('partners.needs_permission')}
        </Alert>
      )}
      <Filters query={query} onApply={(q) => go(q, 1)} />
      {directory.isError && <Alert severity="error">{errorMessages(directory.error).join(' ')}</Alert>}
      {!directory.data && !directory.isError && <LinearProgress aria-label={t('partners.loading')} />}
      {directory.data && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="partner-count">
            {t('partners.company_count', { count: directory.data.count })}
          </Typography>
          {directory.data.results.length === 0 ? (
            <Typography color="text.secondary">{t('partners.no_company')}</Typography>
          ) : (
            <ScrollTable busy={directory.isPlaceholderData}>
              <Table size="small" aria-label={t('partners.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('partners.column_company')}</TableCell>
                    <TableCell>{t('partners.column_type')}</TableCell>
                    <TableCell>{t('partners.column_location')}</TableCell>
                    <TableCell>{t('partners.column_connection')}</TableCell>
                    <TableCell align="right">{t('partners.column_contract')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {directory.data.results.map((p) => (
                    <Row key={p.id} p={p} canPropose={canPropose} />
                  ))}
                </TableBody>
              </Table>
            </ScrollTable>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
            <Pagination
              count={pageCount(directory.data.count)}
              page={page}
              onChange={(_e, n) => go(query, n)}
              aria-label={t('partners.partner_pages')}
            />
          </Box>
        </>
      )}
    </SettingsFrame>
  );
}
