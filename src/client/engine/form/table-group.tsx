import { memo } from 'react';
import { styled } from '@mui/material/styles';
import { shortTitle, type GroupNode, type TableColumn, type TableRowNode } from '../core/layout';
import { FieldSlot } from './field-slot';
import { GroupFrame, useGroupTitle } from './group-card';
import { useT } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n/messages';

const HEADINGS: Record<TableColumn, MessageKey> = {
  flag: 'engine.column_available',
  supplier: 'engine.column_local_supplier',
  charges: 'engine.column_charges',
  detail: 'engine.column_details',
};

const Table = styled('table')(({ theme }) => ({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: theme.typography.body2.fontSize,
  '& th, & td': {
    padding: theme.spacing(0.5, 1),
    borderBottom: `1px solid ${theme.palette.divider}`,
    textAlign: 'left',
    verticalAlign: 'middle',
  },
  '& th': { fontWeight: 600, color: theme.palette.text.secondary },
  '& td.label': { width: '22%' },
  '& td.check': { width: 90 },
  '& td.charges': { width: 220 },
  '& .details': { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1, 2), alignItems: 'center' },
  '& select, & input[type=text], & input[type=time], & input[type=date]': {
    font: 'inherit',
    padding: theme.spacing(0.5),
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: 4,
    background: theme.palette.background.paper,
    color: theme.palette.text.primary,
    maxWidth: '100%',
  },
  '& input[type=text]': { width: 80 },
  '& select': { width: '100%' },
  '& .details select': { width: 'auto' },
  '& input[type=checkbox]': { width: 18, height: 18 },
  [theme.breakpoints.down('md')]: { '& td.label': { width: 'auto' }, '& td.charges': { width: 'auto' } },
}));

/** One activity or facility: its cells read their own values, so a change re-renders one cell. */
const Row = memo(function Row({ row, columns }: { row: TableRowNode; columns: readonly TableColumn[] }) {
  return (
    <tr data-row={row.key}>
      <td className="label">{row.label}</td>
      {columns.map((c) =>
        c === 'detail' ? (
          <td key={c}>
            <div className="details">
              {row.details.map((node) => (
                <FieldSlot key={node.key} node={node} compact label={shortTitle(node.title, row.label)} />
              ))}
            </div>
          </td>
        ) : (
          <td key={c} className={c === 'charges' ? 'charges' : 'check'}>
            {row[c] && <FieldSlot node={row[c]} compact hideLabel label={c === 'flag' ? row.label : row[c].title} />}
          </td>
        ),
      )}
    </tr>
  );
});

/** A dense table: one memoised row per x-ui.row (flag, local supplier, charges, details). */
export function TableGroup({ group }: { group: GroupNode }) {
  const t = useT();
  const title = useGroupTitle(group);
  return (
    <GroupFrame group={group}>
      <div style={{ overflowX: 'auto' }}>
        <Table aria-label={title}>
          <thead>
            <tr>
              <th scope="col">{title}</th>
              {group.tableColumns.map((c) => (
                <th key={c} scope="col">
                  {t(HEADINGS[c])}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {group.rows.map((row) => (
              <Row key={row.key} row={row} columns={group.tableColumns} />
            ))}
          </tbody>
        </Table>
      </div>
    </GroupFrame>
  );
}
