import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessages, fieldErrors } from '../../api/errors';
import type { ApiKeyWire } from '../../../shared/generated/wire-types';
import { deleteApiKey, devtoolsKeys, saveApiKey, useApiKeys, useWhitelists, type KeyFields } from './devtools-api';
import { SecretDialog } from './secret-dialog';

const SCOPES = [
  ['fact_sheet', 'Facts Sheet'],
  ['stop_sale', 'Stop Sale Chart'],
  ['hotel_photos', 'Hotel Photos'],
] as const;

const blank = (): KeyFields => ({
  title: '',
  description: '',
  domain: 0,
  expires_at: null,
  fact_sheet: true,
  stop_sale: false,
  hotel_photos: false,
  rotate: false,
});

/** API keys: created with their secret shown once, edited, rotated (24-hour overlap), revoked. */
export function KeysSection() {
  const { data, isError } = useApiKeys();
  const whitelists = useWhitelists().data ?? [];
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<{ id?: number; fields: KeyFields } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: devtoolsKeys.keys });
  const send = async (id: number | undefined, fields: KeyFields) => {
    try {
      const answer = await saveApiKey(id, fields);
      setEditing(null);
      setErrors({});
      refresh();
      if (answer.token) setSecret(answer.token);
      else enqueueSnackbar('The key is saved.', { variant: 'success' });
    } catch (e) {
      setErrors(fieldErrors(e));
      if (!editing) enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    }
  };
  const fieldsOf = (k: ApiKeyWire): KeyFields => ({
    title: k.title,
    description: k.description ?? '',
    domain: k.domain,
    expires_at: k.expires_at ?? null,
    fact_sheet: !!k.fact_sheet,
    stop_sale: !!k.stop_sale,
    hotel_photos: !!k.hotel_photos,
    rotate: false,
  });
  const revoke = async (k: ApiKeyWire) => {
    await deleteApiKey(k.id!);
    refresh();
    enqueueSnackbar(`The key ${k.prefix} is revoked.`, { variant: 'success' });
  };
  const f = editing?.fields;
  const set = (patch: Partial<KeyFields>) =>
    editing && setEditing({ ...editing, fields: { ...editing.fields, ...patch } });
  return (
    <Box component="section" aria-label="API keys" sx={{ mb: 4 }}>
      <Typography variant="h6" component="h2">
        API keys
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Keys of the partner API. Send one in the <code>X-Api-Key</code> header; it works only from its whitelist, for
        its scopes, until its expiry.
      </Typography>
      {isError && <Alert severity="error">The keys could not be loaded.</Alert>}
      <Table size="small" aria-label="API keys list">
        <TableHead>
          <TableRow>
            <TableCell>Title</TableCell>
            <TableCell>Prefix</TableCell>
            <TableCell>Scopes</TableCell>
            <TableCell>Expires</TableCell>
            <TableCell>Made by</TableCell>
            <TableCell>Created</TableCell>
            <TableCell>Last used</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {(data ?? []).map((k) => (
            <TableRow key={k.id}>
              <TableCell>
                {k.title}
                {k.suspended && (
                  <Typography variant="body2" color="warning.main" role="status">
                    Not working: {k.suspended}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{k.prefix}…</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {SCOPES.filter(([s]) => k[s])
                  .map(([, l]) => l)
                  .join(', ') || 'none'}
              </TableCell>
              <TableCell>{k.expires_at ?? 'never'}</TableCell>
              <TableCell>{k.created_by ?? '—'}</TableCell>
              <TableCell>{k.date_created?.slice(0, 10)}</TableCell>
              <TableCell>{k.last_used ? k.last_used.slice(0, 16).replace('T', ' ') : 'never'}</TableCell>
              <TableCell align="right">
                <Button size="small" onClick={() => setEditing({ id: k.id, fields: fieldsOf(k) })}>
                  Edit
                </Button>
                <Button size="small" onClick={() => void send(k.id, { ...fieldsOf(k), rotate: true })}>
                  Rotate
                </Button>
                <Button size="small" color="error" onClick={() => void revoke(k)}>
                  Revoke
                </Button>
              </TableCell>
            </TableRow>
          ))}
          {data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={8}>No API keys yet.</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {editing && f ? (
        <Box
          component="form"
          aria-label="API key"
          sx={{ display: 'grid', gap: 2, mt: 2, maxWidth: 600 }}
          onSubmit={(e) => {
            e.preventDefault();
            void send(editing.id, f);
          }}
        >
          <TextField
            label="Title"
            value={f.title}
            onChange={(e) => set({ title: e.target.value })}
            error={!!errors.title}
            helperText={errors.title}
            required
          />
          <TextField
            label="Description"
            value={f.description ?? ''}
            onChange={(e) => set({ description: e.target.value })}
            multiline
          />
          <TextField
            select
            label="Whitelist"
            value={f.domain || ''}
            onChange={(e) => set({ domain: Number(e.target.value) })}
            error={!!errors.domain}
            helperText={errors.domain ?? (whitelists.length ? undefined : 'Add a whitelist entry first.')}
            required
          >
            {whitelists.map((w) => (
              <MenuItem key={w.id} value={w.id}>
                {w.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Expires"
            type="date"
            value={f.expires_at ?? ''}
            onChange={(e) => set({ expires_at: e.target.value || null })}
            error={!!errors.expires_at}
            helperText={errors.expires_at ?? 'Empty: never.'}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Box>
            {SCOPES.map(([s, label]) => (
              <FormControlLabel
                key={s}
                control={<Switch checked={!!f[s]} onChange={(e) => set({ [s]: e.target.checked })} />}
                label={label}
              />
            ))}
          </Box>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button type="submit" variant="contained">
              {editing.id ? 'Save key' : 'Create key'}
            </Button>
            <Button
              onClick={() => {
                setEditing(null);
                setErrors({});
              }}
            >
              Cancel
            </Button>
          </Box>
        </Box>
      ) : (
        <Button sx={{ mt: 1 }} onClick={() => setEditing({ fields: { ...blank(), domain: whitelists[0]?.id ?? 0 } })}>
          New API key
        </Button>
      )}
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </Box>
  );
}
