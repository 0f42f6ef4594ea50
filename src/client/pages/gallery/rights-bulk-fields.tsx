import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { licenceMayEnd } from '../../../shared/photo-rights';
import { useT } from '../../i18n';
import type { Photo } from './gallery-api';
import { titleOf } from './photo-tile';
import type { BulkDraft } from './rights-bulk-draft';
import type { RightsBulkState } from './use-rights-bulk';

/** The two sections of the bulk rights dialog: which photos, and what to set on them. */

/** Choose the photos: all, none, or each by its box; a photo held back says why. */
export function BulkPhotoChoice({
  photos,
  bulk,
  heldText,
}: {
  photos: readonly Photo[];
  bulk: RightsBulkState;
  heldText(p: Photo): string | null;
}) {
  const t = useT();
  const { chosen, toggle } = bulk;
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Button size="small" onClick={() => bulk.choose(new Set(photos.map((p) => p.id)))}>
          {t('gallery.bulk_select_all')}
        </Button>
        <Button size="small" onClick={() => bulk.choose(new Set())}>
          {t('gallery.bulk_select_none')}
        </Button>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {t('gallery.bulk_selected', { count: bulk.selected.length })}
        </Typography>
      </Stack>
      <Box
        component="ul"
        aria-label={t('gallery.bulk_photos')}
        sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, maxHeight: 240, overflow: 'auto' }}
      >
        {photos.map((p) => {
          const why = heldText(p);
          return (
            <li key={p.id}>
              <FormControlLabel
                control={<Checkbox checked={chosen.has(p.id)} onChange={() => toggle(p.id)} size="small" />}
                label={
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                    <img
                      src={p.thumbnail}
                      alt=""
                      width={48}
                      height={36}
                      style={{ objectFit: 'cover', borderRadius: 4 }}
                    />
                    <span>{titleOf(p, t)}</span>
                    {why && (
                      <Typography component="span" variant="caption" color="error">
                        {why}
                      </Typography>
                    )}
                  </Box>
                }
              />
            </li>
          );
        })}
      </Box>
    </>
  );
}

/** What to set: each field left at "keep" stays as each photo has it. */
export function BulkRightsFields({ bulk, licences }: { bulk: RightsBulkState; licences: ReadonlyMap<string, string> }) {
  const t = useT();
  const { draft, set, errors } = bulk;
  const text = (field: 'credit' | 'holder', wire: string, label: string) => (
    <TextField
      size="small"
      fullWidth
      label={label}
      value={draft[field]}
      onChange={(e) => set({ [field]: e.target.value })}
      error={!!errors.fields[wire]}
      helperText={errors.fields[wire] ?? t('gallery.bulk_text_help')}
      slotProps={{ htmlInput: { maxLength: 200 } }}
    />
  );
  return (
    <Stack spacing={2}>
      <TextField
        size="small"
        fullWidth
        select
        label={t('gallery.field_licence')}
        value={draft.licence}
        onChange={(e) => set({ licence: e.target.value })}
        error={!!errors.fields.licence}
        helperText={errors.fields.licence}
      >
        <MenuItem value="">
          <em>{t('gallery.bulk_keep')}</em>
        </MenuItem>
        {[...licences].map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      {text('credit', 'credit', t('gallery.field_credit'))}
      {draft.licence === 'licensed' && text('holder', 'licence_holder', t('gallery.field_holder'))}
      {(draft.licence === '' || licenceMayEnd(draft.licence)) && (
        <TextField
          size="small"
          fullWidth
          type="date"
          label={t('gallery.field_licence_ends')}
          value={draft.ends}
          onChange={(e) => set({ ends: e.target.value })}
          error={!!errors.fields.licence_ends}
          helperText={errors.fields.licence_ends ?? t('gallery.bulk_text_help')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
      <TextField
        size="small"
        fullWidth
        select
        label={t('gallery.field_pass_on')}
        value={draft.passOn}
        onChange={(e) => set({ passOn: e.target.value as BulkDraft['passOn'] })}
      >
        <MenuItem value="">
          <em>{t('gallery.bulk_keep')}</em>
        </MenuItem>
        <MenuItem value="yes">{t('gallery.yes')}</MenuItem>
        <MenuItem value="no">{t('gallery.no')}</MenuItem>
      </TextField>
    </Stack>
  );
}
