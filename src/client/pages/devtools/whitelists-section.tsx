import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
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
import { errorMessages, fieldErrors } from '../../api/errors';
import type { WhitelistWire } from '../../../shared/generated/wire-types';
import { deleteWhitelist, devtoolsKeys, saveWhitelist, useWhitelists } from './devtools-api';
import { DateText, useT } from '../../i18n';

/** Whitelist entries: the addresses and ranges keys may be used from, the origins the widget may be embedded on. */
export function WhitelistsSection() {
  const { data, isError } = useWhitelists();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const [editing, setEditing] = useState<Partial<WhitelistWire> | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () => void queryClient.invalidateQueries({ queryKey: devtoolsKeys.whitelists });
  const save = async () => {
    if (!editing) return;
    try {
      await saveWhitelist(editing.id, { name: editing.name ?? '', domain: editing.domain ?? '' });
      setEditing(null);
      setErrors({});
      refresh();
      enqueueSnackbar(t('devtools.whitelist_saved'), { variant: 'success' });
    } catch (e) {
      setErrors(fieldErrors(e));
    }
  };
  const remove = async (w: WhitelistWire) => {
    try {
      await deleteWhitelist(w.id!);
      refresh();
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    }
  };
  return (
    <Box component="section" aria-label={t('devtools.whitelists')} sx={{ mb: 4 }}>
      <Typography variant="h6" component="h2">
        {t('devtools.whitelists')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('devtools.whitelists_help')}
      </Typography>
      {isError && <Alert severity="error">{t('devtools.whitelists_not_loaded')}</Alert>}
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
                <Button size="small" onClick={() => setEditing(w)}>
                  {t('devtools.edit')}
                </Button>
                <Button size="small" color="error" onClick={() => void remove(w)}>
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
      {editing ? (
        <Box
          sx={{ display: 'grid', gap: 2, mt: 2, maxWidth: 600 }}
          component="form"
          aria-label={t('devtools.whitelist_entry')}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
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
            <Button
              onClick={() => {
                setEditing(null);
                setErrors({});
              }}
            >
              {t('devtools.cancel')}
            </Button>
          </Box>
        </Box>
      ) : (
        <Button sx={{ mt: 1 }} onClick={() => setEditing({})}>
          {t('devtools.new_whitelist')}
        </Button>
      )}
    </Box>
  );
}
