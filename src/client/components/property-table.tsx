import { useMemo, type ReactNode } from 'react';
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
import { useLanguage, useT } from '../i18n';

export type PropertyRow = NonNullable<ReturnType<typeof useProperties>['data']>[number];

interface PropertyTableProps {
  /** What adding a property is for, ending "Add a property to …". */
  purpose: string;
  /** The column this page adds after the publish state. */
  column: { title: string; cell: (p: PropertyRow) => ReactNode };
  /** Where the row's button leads. */
  link: { label: string; to: (p: PropertyRow) => string; ariaLabel: (p: PropertyRow) => string };
}

/** A country's name in the interface's language (Intl's region names), the list's English otherwise. */
export function useCountryName(): (code: string | null | undefined) => string {
  const { language, locale } = useLanguage();
  return useMemo(() => {
    // English keeps the portal's own list (the names the server validates and the fact sheet prints).
    if (language === 'en') return (code) => (code ? countryName(code) : '');
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    } catch {
      names = undefined;
    }
    return (code) => {
      if (!code) return '';
      try {
        return names?.of(code.toUpperCase()) ?? countryName(code);
      } catch {
        return countryName(code);
      }
    };
  }, [language, locale]);
}

/** The account's properties as a table (name, location, publish state, one page's column, a button): the entry of the facts and photo pages. */
export function PropertyTable({ purpose, column, link }: PropertyTableProps) {
  const { data, isError } = useProperties();
  const t = useT();
  const country = useCountryName();
  if (isError) return <Alert severity="error">{t('components.properties_failed')}</Alert>;
  if (!data) return <LinearProgress aria-label={t('components.properties_loading')} />;
  if (data.length === 0) {
    return (
      <Alert severity="info">
        {t('components.properties_none')} <RouterLink to="/add-property">{t('components.properties_add')}</RouterLink>{' '}
        {purpose}.
      </Alert>
    );
  }
  return (
    <Paper variant="outlined">
      <Table aria-label={t('components.properties')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('components.property')}</TableCell>
            <TableCell>{t('components.location')}</TableCell>
            <TableCell>{t('components.status')}</TableCell>
            <TableCell>{column.title}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((p) => (
            <TableRow key={p.id} data-testid="property-row" data-property-id={p.id}>
              <TableCell sx={{ fontWeight: 600 }}>{p.hotel_name}</TableCell>
              <TableCell>{[p.city, country(p.country)].filter(Boolean).join(', ')}</TableCell>
              <TableCell>
                <PublishChip property={p} />
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
