import { PARTNERS_PAGE_SIZE } from '../../../shared/generated/value-lists';
import type { ContractsQueryWire, PartnerSearchWire } from '../../../shared/generated/wire-types';
import type { Translate } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n/messages';

/** Partner and contract lists: 20 a page (the server's page size: x-page-size of schemas/partners/page-query). */
export const PAGE_SIZE = PARTNERS_PAGE_SIZE;

export const pageCount = (count: number): number => Math.max(1, Math.ceil(count / PAGE_SIZE));

/** The page in the address bar (1 when missing or not a page number). */
export function pageFrom(search: URLSearchParams): number {
  const n = Number(search.get('page'));
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** A list's filters from the address bar: search, countries (comma list), status (the directory's and the contract lists'). */
export function filtersFrom(search: URLSearchParams): PartnerSearchWire {
  const query: PartnerSearchWire = {};
  const text = search.get('search');
  if (text) query.search = text;
  const countries = (search.get('countries') ?? '').split(',').filter((c) => /^[A-Za-z]{2}$/.test(c));
  if (countries.length) query.countries = countries.map((c) => c.toUpperCase());
  const status = search.get('status');
  if (status) query.status = status as PartnerSearchWire['status'];
  return query;
}

/** Filters and page as address-bar parameters; empty ones and page 1 are left out. */
export function searchParamsOf(
  query: PartnerSearchWire | ContractsQueryWire,
  page: number,
  extra: Record<string, string> = {},
): Record<string, string> {
  const out: Record<string, string> = { ...extra };
  if (query.search) out.search = query.search;
  if (query.countries?.length) out.countries = query.countries.join(',');
  if (query.status) out.status = query.status;
  if (page > 1) out.page = String(page);
  return out;
}

/** The contract list's tab from the address bar. */
export type ContractTab = 'incoming' | 'current' | 'outgoing';
export const CONTRACT_TABS: readonly { key: ContractTab; label: MessageKey; list: MessageKey; empty: MessageKey }[] = [
  {
    key: 'incoming',
    label: 'partners.tab_incoming',
    list: 'partners.list_incoming',
    empty: 'partners.empty_incoming',
  },
  { key: 'current', label: 'partners.tab_current', list: 'partners.list_current', empty: 'partners.empty_current' },
  {
    key: 'outgoing',
    label: 'partners.tab_outgoing',
    list: 'partners.list_outgoing',
    empty: 'partners.empty_outgoing',
  },
];

export function tabFrom(search: URLSearchParams): ContractTab {
  const tab = search.get('tab');
  return tab === 'current' || tab === 'outgoing' ? tab : 'incoming';
}

/** A recorded value as a person reads it: codes through their option list, nothing as a dash, lists joined. */
export function formatTerm(value: unknown, t: Translate, words?: ReadonlyMap<string, string>): string {
  if (value === null || value === undefined || value === '') return words?.get('') ?? '—';
  if (value === true) return t('partners.yes');
  if (value === false) return t('partners.no');
  if (Array.isArray(value)) return value.length ? value.map((v) => formatTerm(v, t, words)).join(', ') : '—';
  return words?.get(String(value)) ?? String(value);
}
