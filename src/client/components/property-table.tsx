import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { countryName } from '../reference/countries';
import { PublishChip } from './publish-chip';
import { useProperties } from '../api/properties';

export type PropertyRow = NonNullable<ReturnType<typeof useProperties>['data']>[number];

interface PropertyTableProps {
  /** What adding a property is for, ending "Add a property to …". */
  purpose: string;
  /** The column this page adds after the publish state. */
  column: { title: string; cell: (p: PropertyRow) => ReactNode };
  /** Where the row's button leads. */
  link: { label: string; to: (p: PropertyRow) => string; ariaLabel: (p: PropertyRow) => string };
}

/** The account's properties as a table (name, location, publish state, one page's column, a button): the entry of the facts and photo pages. */
export function PropertyTable({ purpose, column, link }: PropertyTableProps) {
  const { data, isError } = useProperties();
  if (isError) return <Alert severity="error">The properties could not be loaded.</Alert>;
  if (!data) return <LinearProgress aria-label="Loading properties" />;
  if (data.length === 0) {
    return (
      <Alert severity="info">
        No property yet. <RouterLink to="/add-property">Add a property</RouterLink> {purpose}.
      </Alert>
    );
  }
  return (
    <Paper variant="outlined">
      <Table aria-label="Properties">
        <TableHead>
          <TableRow>
            <TableCell>Property</TableCell>
            <TableCell>Location</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>{column.title}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((p) => (
            <TableRow key={p.id} data-testid="property-row" data-property-id={p.id}>
              <TableCell sx={{ fontWeight: 600 }}>{p.hotel_name}</TableCell>
              <TableCell>{[p.city, countryName(p.country)].filter(Boolean).join(', ')}</TableCell>
              <TableCell>
                <PublishChip publishDate={p.publish_date} />
              </TableCell>
              <TableCell>{column.cell(p)}</TableCell>
              <TableCell align="right">
                <Button
                  component={RouterLink}
                  to={link.to(p)}
                  variant="outlined"
                  size="small"
                  aria-label={link.ariaLabel(p)}
                >
                  {link.label}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
