import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorMessages } from '../../api/errors';
import { useFormat, useT } from '../../i18n';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import searchForm from '../../../shared/generated/forms/contracted-search';
import { contractedPropertiesQueryNames } from '../../../shared/generated/name-maps';
import type { ContractedPropertiesQueryWire, ContractedPropertyPageWire } from '../../../shared/generated/wire-types';
import { useContractLabels, pageCount, pageFrom } from '../partners/index';
import { useContractedProperties } from './operator-api';
import { NotPublishedChip } from '../../components/operator-hotel';

export type ContractedProperty = ContractedPropertyPageWire['results'][number];

/** The list's filters from the address bar. */
function queryFrom(search: URLSearchParams): ContractedPropertiesQueryWire {
  const q: ContractedPropertiesQueryWire = {};
  const text = search.get('search');
  if (text) q.search = text;
  const city = search.get('city');
  if (city) q.city = city;
  const countries = (search.get('countries') ?? '').split(',').filter((c) => /^[A-Za-z]{2}$/.test(c));
  if (countries.length) q.countries = countries.map((c) => c.toUpperCase());
  if (search.get('sort') === 'changed') q.sort = 'changed';
  return q;
}

function paramsOf(q: ContractedPropertiesQueryWire, page: number): Record<string, string> {
  const out: Record<string, string> = {};
  if (q.search) out.search = q.search;
  if (q.city) out.city = q.city;
  if (q.countries?.length) out.countries = q.countries.join(',');
  if (q.sort === 'changed') out.sort = 'changed';
  if (page > 1) out.page = String(page);
  return out;
}

function Filters({
  query,
  onApply,
}: {
  query: ContractedPropertiesQueryWire;
  onApply(q: ContractedPropertiesQueryWire): void;
}) {
  const def = useMemo(() => asSection(searchForm, contractedPropertiesQueryNames, { hide: ['partner'] }), []);
  const labels = useContractLabels();
  const [session] = useState(() => new FormSession(def, query));
  const t = useT();
  return (
    <Box data-testid="hotel-filters">
      <DefinitionForm session={session} idPrefix="hotels" labels={labels} />
      <Box sx={{ display: 'flex', gap: 1, mb: 3 }}>
        <Button
          variant="contained"
          onClick={() => {
            const body = session.body();
            if (body) onApply(body as ContractedPropertiesQueryWire);
          }}
        >
          {t('operator.search')}
        </Button>
        <Button
          onClick={() => {
            session.reset({});
            onApply({});
          }}
        >
          {t('operator.clear')}
        </Button>
      </Box>
    </Box>
  );
}

export interface Column {
  label: string;
  cell(p: ContractedProperty): ReactNode;
  align?: 'right';
}

/** Draft, or the publication the operator sees. */
export function PublishChip({ p }: { p: Pick<ContractedProperty, 'publication' | 'publish_date'> }) {
  const t = useT();
  const fmt = useFormat();
  return p.publication === null ? (
    <NotPublishedChip />
  ) : (
    <Chip
      size="small"
      color="success"
      variant="outlined"
      label={p.publish_date ? t('operator.published_on', { date: fmt.date(p.publish_date) }) : t('operator.published')}
    />
  );
}

/** One page of contracted hotels, a column per the page's columns; dimmed while the next page loads. */
function HotelTable({
  columns,
  label,
  rows,
  stale,
}: {
  columns: readonly Column[];
  label: string;
  rows: readonly ContractedProperty[];
  stale: boolean;
}) {
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto', opacity: stale ? 0.6 : 1 }} aria-busy={stale}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.label} align={c.align}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((p) => (
            <TableRow key={p.id} data-hotel={p.hotel_name} hover>
              {columns.map((c) => (
                <TableCell key={c.label} align={c.align}>
                  {c.cell(p)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/**
 * The operator's contracted hotels, filtered (search, countries, city), sorted and paged from the
 * address bar; the pages give the columns (the fact sheet's and the mapping's).
 */
export function ContractedList({
  columns,
  label,
  empty,
  onList,
}: {
  columns: readonly Column[];
  label: string;
  empty: string;
  /** The page shown, how many match and the filters (the export centre selects from them). */
  onList?: (list: {
    results: ContractedProperty[];
    count: number;
    unpublished: number;
    query: ContractedPropertiesQueryWire;
  }) => void;
}) {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const query = useMemo(() => queryFrom(search), [search]);
  const page = pageFrom(search);
  const list = useContractedProperties(query, page);
  const data = list.isPlaceholderData ? undefined : list.data;
  useEffect(() => {
    if (data) onList?.({ results: data.results, count: data.count, unpublished: data.unpublished, query });
  }, [data, query, onList]);
  const go = (q: ContractedPropertiesQueryWire, n: number) => setSearch(paramsOf(q, n));
  return (
    <>
      <Filters query={query} onApply={(q) => go(q, 1)} />
      {list.isError && <Alert severity="error">{errorMessages(list.error).join(' ')}</Alert>}
      {!list.data && !list.isError && <LinearProgress aria-label={t('operator.loading_hotels')} />}
      {list.data && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="hotel-count">
            {t('operator.hotel_count', { count: list.data.count })}
          </Typography>
          {/* Which name a row shows: the lists, the fact sheet and the export agree (issue 38 §1). */}
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="names-note">
            {t('operator.names_note')}
          </Typography>
          {list.data.results.length === 0 ? (
            <Typography color="text.secondary">{empty}</Typography>
          ) : (
            <HotelTable columns={columns} label={label} rows={list.data.results} stale={list.isPlaceholderData} />
          )}
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
            <Pagination
              count={pageCount(list.data.count)}
              page={page}
              onChange={(_e, n) => go(query, n)}
              aria-label={t('operator.hotel_pages')}
            />
          </Box>
        </>
      )}
    </>
  );
}
