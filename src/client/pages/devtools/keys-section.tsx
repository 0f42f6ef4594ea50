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
import type { ApiKeyWire } from '../../../shared/generated/wire-types';
import type { KeyFields } from './devtools-api';
import { fieldsOf, useApiKeyEditor } from './use-api-keys';
import { SecretDialog } from './secret-dialog';
import { DateText, DateTimeText, Isolate, useT } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n/messages';
import { useRich } from './use-rich';

const SCOPES = [
  ['fact_sheet', 'devtools.scope_fact_sheet'],
  ['stop_sale', 'devtools.scope_stop_sale'],
  ['hotel_photos', 'devtools.scope_hotel_photos'],
] as const satisfies readonly (readonly [string, MessageKey])[];

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

type Editor = ReturnType<typeof useApiKeyEditor>;

function KeyRow({ k, editor }: { k: ApiKeyWire; editor: Editor }) {
  const t = useT();
  return (
    <TableRow>
      <TableCell>
        {k.title}
        {k.suspended && (
          <Typography variant="body2" color="warning.main" role="status">
            {t('devtools.not_working', { reason: k.suspended })}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ fontFamily: 'monospace' }}>
        <Isolate>{k.prefix}…</Isolate>
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        {SCOPES.filter(([s]) => k[s])
          .map(([, l]) => t(l))
          .join(', ') || t('devtools.none')}
      </TableCell>
      <TableCell>{k.expires_at ? <DateText value={k.expires_at} /> : t('devtools.never')}</TableCell>
      <TableCell>{k.created_by ? <Isolate>{k.created_by}</Isolate> : '—'}</TableCell>
      <TableCell>{k.date_created && <DateText value={k.date_created} />}</TableCell>
      <TableCell>{k.last_used ? <DateTimeText value={k.last_used} /> : t('devtools.never')}</TableCell>
      <TableCell align="right">
        <Button size="small" onClick={() => editor.setEditing({ id: k.id, fields: fieldsOf(k) })}>
          {t('devtools.edit')}
        </Button>
        <Button size="small" onClick={() => void editor.send(k.id, { ...fieldsOf(k), rotate: true })}>
          {t('devtools.rotate')}
        </Button>
        <Button size="small" color="error" onClick={() => void editor.revoke(k)}>
          {t('devtools.revoke')}
        </Button>
      </TableCell>
    </TableRow>
  );
}

function KeysTable({ editor }: { editor: Editor }) {
  const t = useT();
  const data = editor.keys;
  return (
    <Table size="small" aria-label={t('devtools.api_keys_list')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('devtools.key_title')}</TableCell>
          <TableCell>{t('devtools.prefix')}</TableCell>
          <TableCell>{t('devtools.scopes')}</TableCell>
          <TableCell>{t('devtools.expires')}</TableCell>
          <TableCell>{t('devtools.made_by')}</TableCell>
          <TableCell>{t('devtools.created')}</TableCell>
          <TableCell>{t('devtools.last_used')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {(data ?? []).map((k) => (
          <KeyRow key={k.id} k={k} editor={editor} />
        ))}
        {data?.length === 0 && (
          <TableRow>
            <TableCell colSpan={8}>{t('devtools.no_keys')}</TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}

function KeyForm({ editor, id, f }: { editor: Editor; id: number | undefined; f: KeyFields }) {
  const t = useT();
  const { errors, set, whitelists } = editor;
  return (
    <Box
      component="form"
      aria-label={t('devtools.api_key')}
      sx={{ display: 'grid', gap: 2, mt: 2, maxWidth: 600 }}
      onSubmit={(e) => {
        e.preventDefault();
        void editor.send(id, f);
      }}
    >
      <TextField
        label={t('devtools.key_title')}
        value={f.title}
        onChange={(e) => set({ title: e.target.value })}
        error={!!errors.title}
        helperText={errors.title}
        required
      />
      <TextField
        label={t('devtools.description')}
        value={f.description ?? ''}
        onChange={(e) => set({ description: e.target.value })}
        multiline
      />
      <TextField
        select
        label={t('devtools.whitelist')}
        value={f.domain || ''}
        onChange={(e) => set({ domain: Number(e.target.value) })}
        error={!!errors.domain}
        helperText={errors.domain ?? (whitelists.length ? undefined : t('devtools.add_whitelist_first'))}
        required
      >
        {whitelists.map((w) => (
          <MenuItem key={w.id} value={w.id}>
            {w.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('devtools.expires')}
        type="date"
        value={f.expires_at ?? ''}
        onChange={(e) => set({ expires_at: e.target.value || null })}
        error={!!errors.expires_at}
        helperText={errors.expires_at ?? t('devtools.empty_never')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Box>
        {SCOPES.map(([s, label]) => (
          <FormControlLabel
            key={s}
            control={<Switch checked={!!f[s]} onChange={(e) => set({ [s]: e.target.checked })} />}
            label={t(label)}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained">
          {t(id ? 'devtools.save_key' : 'devtools.create_key')}
        </Button>
        <Button onClick={editor.cancel}>{t('devtools.cancel')}</Button>
      </Box>
    </Box>
  );
}

/** API keys: created with their secret shown once, edited, rotated (24-hour overlap), revoked. */
export function KeysSection() {
  const editor = useApiKeyEditor();
  const t = useT();
  const rich = useRich();
  const { editing, whitelists } = editor;
  return (
    <Box component="section" aria-label={t('devtools.api_keys')} sx={{ mb: 4 }}>
      <Typography variant="h6" component="h2">
        {t('devtools.api_keys')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {rich('devtools.keys_help')}
      </Typography>
      {editor.failed && <Alert severity="error">{t('devtools.keys_not_loaded')}</Alert>}
      <KeysTable editor={editor} />
      {editing ? (
        <KeyForm editor={editor} id={editing.id} f={editing.fields} />
      ) : (
        <Button
          sx={{ mt: 1 }}
          onClick={() => editor.setEditing({ fields: { ...blank(), domain: whitelists[0]?.id ?? 0 } })}
        >
          {t('devtools.new_key')}
        </Button>
      )}
      <SecretDialog secret={editor.secret} onClose={editor.closeSecret} />
    </Box>
  );
}
