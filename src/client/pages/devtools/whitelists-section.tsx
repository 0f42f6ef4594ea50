import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { WhitelistWire } from '../../../shared/generated/wire-types';
import { useWhitelistEntries } from './use-whitelists';
import { DateText, useT } from '../../i18n';

type Entries = ReturnType<typeof useWhitelistEntries>;

function WhitelistsTable({ entries }: { entries: Entries }) {
  const t = useT();
  const data = entries.whitelists;
  return (
    <Table size="small" aria-label={t('devtools.whitelist_entries')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('devtools.name')}</TableCell>
          <TableCell>{t('devtools.entries')}</TableCell>
          <TableCell>{t('devtools.created')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {(data ?? []).map((w) => (
          <TableRow key={w.id}>
            <TableCell>{w.name}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace' }} dir="ltr">
              {(w.entries ?? []).join(', ')}
            </TableCell>
            <TableCell>{w.date_created && <DateText value={w.date_created} />}</TableCell>
            <TableCell align="right">
              <Button size="small" onClick={() => entries.setEditing(w)}>
                {t('devtools.edit')}
              </Button>
              <Button size="small" color="error" onClick={() => void entries.remove(w)}>
                {t('devtools.delete')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
        {data?.length === 0 && (
          <TableRow>
            <TableCell colSpan={4}>{t('devtools.no_whitelists')}</TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}

function WhitelistForm({ entries, editing }: { entries: Entries; editing: Partial<WhitelistWire> }) {
  const t = useT();
  const { errors, setEditing } = entries;
  return (
    <Box
      sx={{ display: 'grid', gap: 2, mt: 2, maxWidth: 600 }}
      component="form"
      aria-label={t('devtools.whitelist_entry')}
      onSubmit={(e) => {
        e.preventDefault();
        void entries.save();
      }}
    >
      <TextField
        label={t('devtools.name')}
        value={editing.name ?? ''}
        onChange={(e) => setEditing({ ...editing, name: e.target.value })}
        error={!!errors.name}
        helperText={errors.name}
        required
      />
      <TextField
        label={t('devtools.addresses')}
        value={editing.domain ?? ''}
        onChange={(e) => setEditing({ ...editing, domain: e.target.value })}
        error={!!errors.domain}
        helperText={errors.domain ?? '203.0.113.7, 198.51.100.0/24, 2001:db8::/32, https://hotel.example'}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { dir: 'ltr' } }}
        required
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained">
          {t(editing.id ? 'devtools.save_entry' : 'devtools.add_entry')}
        </Button>
        <Button onClick={entries.cancel}>{t('devtools.cancel')}</Button>
      </Box>
    </Box>
  );
}

/** Whitelist entries: the addresses and ranges keys may be used from, the origins the widget may be embedded on. */
export function WhitelistsSection() {
  const entries = useWhitelistEntries();
  const t = useT();
  return (
    <Box component="section" aria-label={t('devtools.whitelists')} sx={{ mb: 4 }}>
      <Typography variant="h6" component="h2">
        {t('devtools.whitelists')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('devtools.whitelists_help')}
      </Typography>
      {entries.failed && <Alert severity="error">{t('devtools.whitelists_not_loaded')}</Alert>}
      <WhitelistsTable entries={entries} />
      {entries.editing ? (
        <WhitelistForm entries={entries} editing={entries.editing} />
      ) : (
        <Button sx={{ mt: 1 }} onClick={() => entries.setEditing({})}>
          {t('devtools.new_whitelist')}
        </Button>
      )}
    </Box>
  );
}
