import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Isolate, useFormat, useT } from '../../i18n';
import type { AuditPageWire } from '../../../shared/generated/wire-types';
import { useSectionDefinitions } from '../../engine/data/use-section-definitions';
import { useChangeWords } from '../../engine/texts/use-change-words';
import { documentOf, sectionOf } from './audit-format';
import { summaryWords } from './audit-summary';

type AuditEvent = AuditPageWire['results'][number];

interface Props {
  events: readonly AuditEvent[];
  /** The previous page or filter is shown while the next loads. */
  busy?: boolean;
  kindLabel(kind: string): string;
  propertyName(id: number): string;
}

/** The events of a page: when, who, what (with each field's old → new), which property, from where. */
export function AuditTable({ events, busy = false, kindLabel, propertyName }: Props) {
  const t = useT();
  const format = useFormat();
  const sections = useSectionDefinitions(events.map(sectionOf));
  const words = useChangeWords();
  if (!events.length) return <Typography color="text.secondary">{t('audit.no_events')}</Typography>;
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto', opacity: busy ? 0.6 : 1 }} aria-busy={busy}>
      <Table size="small" aria-label={t('audit.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('audit.col_when')}</TableCell>
            <TableCell>{t('audit.col_who')}</TableCell>
            <TableCell>{t('audit.col_what')}</TableCell>
            <TableCell>{t('audit.col_property')}</TableCell>
            <TableCell>{t('audit.col_address')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((e) => (
            <TableRow key={e.id} data-event={e.kind} sx={{ verticalAlign: 'top' }}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(e.created_at)}</TableCell>
              <TableCell>{e.actor_email ? <Isolate>{e.actor_email}</Isolate> : '—'}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Chip size="small" variant="outlined" label={kindLabel(e.kind)} />
                  <span data-testid="audit-summary">
                    {summaryWords(t, e, (english) => (e.subject ? words.section(e.subject, english) : english))}
                  </span>
                </Box>
                {e.changes.length > 0 && (
                  <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} aria-label={t('audit.changes')}>
                    {e.changes.map((c) => (
                      <Typography component="li" variant="body2" key={c.field}>
                        {words.line(documentOf(e, sections), c)}
                      </Typography>
                    ))}
                  </Box>
                )}
              </TableCell>
              <TableCell>{e.property === null ? '—' : propertyName(e.property)}</TableCell>
              <TableCell>{e.ip ? <Isolate>{e.ip}</Isolate> : '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
