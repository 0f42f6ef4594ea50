import { useCallback, useMemo, useState } from 'react';
import { usePortfolio, type PortfolioRow } from '../../api/portfolio';
import { downloadName } from '../../../shared/download-name';
import { useT } from '../../i18n';
import { download, toCsv } from './csv';
import { csvRows, NO_FILTERS, shownRows, type Filters, type SortKey } from './portfolio-model';

/**
 * The portfolio table's state: the rows as filtered and sorted, the ticked properties, the one
 * being copied, and the CSV of what is shown, so the page only draws.
 */
export function usePortfolioTable() {
  const t = useT();
  const { data, isError } = usePortfolio();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'hotel_name', desc: false });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [copying, setCopying] = useState<PortfolioRow | null>(null);
  const rows = useMemo(() => shownRows(data ?? [], filters, sort), [data, filters, sort]);
  const onSelect = useCallback(
    (id: number, on: boolean) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const onSelectAll = (on: boolean) => setSelected(on ? new Set(rows.map((r) => r.id)) : new Set());
  const onSort = (key: SortKey) => setSort((s) => ({ key, desc: s.key === key ? !s.desc : false }));
  const onCopy = useCallback((row: PortfolioRow) => setCopying(row), []);
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => setFilters((f) => ({ ...f, [key]: value }));
  const exportCsv = () => {
    const table = csvRows(rows, t);
    const name = downloadName(t('file.portfolio', { date: new Date().toISOString().slice(0, 10) }), 'csv');
    download(name, toCsv(table.header, table.rows));
  };
  return {
    data,
    failed: isError,
    filters,
    set,
    sort,
    onSort,
    rows,
    selected,
    onSelect,
    onSelectAll,
    copying,
    onCopy,
    stopCopying: () => setCopying(null),
    exportCsv,
  };
}
