import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessages, fieldErrors } from '../../api/errors';
import { SectionErrors } from '../../engine/views/section-errors';
import { licenceMayEnd } from '../../../shared/photo-rights';
import { useFormat, useT } from '../../i18n';
import { galleryKeys, type Photo } from './gallery-api';
import { titleOf } from './photo-tile';
import { setRights, type RightsBody } from './rights-api';
import { bulkChangeOf, bulkProblems, NO_BULK, type BulkDraft } from './rights-bulk-draft';
import { heldBackText } from './rights-mark';

interface Props {
  propertyId: number;
  photos: readonly Photo[];
  licences: ReadonlyMap<string, string>;
}

/**
 * The bulk edit of rights (issue 40 §3): choose photos (some or all), say what to set (a field
 * left alone stays as each photo has it), one request, all of them or none. Beside the grid, so
 * the grid itself stays as it is.
 */
export function RightsBulk({ propertyId, photos, licences }: Props) {
  const t = useT();
  const format = useFormat();
  const held = photos.filter((p) => p.held_back !== null).length;
  const [open, setOpen] = useState(false);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
      <Button variant="outlined" onClick={() => setOpen(true)} disabled={!photos.length} data-testid="rights-bulk-open">
        {t('gallery.bulk_rights')}
      </Button>
      {held > 0 && (
        <Typography variant="body2" color="warning.main" data-testid="held-back-count">
          {t('gallery.held_count', { count: held })}
        </Typography>
      )}
      {open && (
        <RightsBulkDialog
          propertyId={propertyId}
          photos={photos}
          licences={licences}
          onClose={() => setOpen(false)}
          heldText={(p) => heldBackText(p, t, format)}
        />
      )}
    </Stack>
  );
}

function RightsBulkDialog({
  propertyId,
  photos,
  licences,
  onClose,
  heldText,
}: Props & { onClose(): void; heldText(p: Photo): string | null }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [draft, setDraft] = useState<BulkDraft>(NO_BULK);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; top: string[] }>({ fields: {}, top: [] });
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<BulkDraft>) => setDraft({ ...draft, ...change });
  const toggle = (id: number) => {
    const next = new Set(chosen);
    if (!next.delete(id)) next.add(id);
    setChosen(next);
  };
  const selected = photos.filter((p) => chosen.has(p.id));
  const change = bulkChangeOf(draft);
  const ready = selected.length > 0 && Object.keys(change).length > 0;

  const apply = async () => {
    const problems = bulkProblems(selected, change, (p) => titleOf(p, t));
    if (Object.keys(problems).length) {
      setErrors({
        fields: Object.fromEntries(
          Object.entries(problems).map(([f, { key, titles }]) => [
            f,
            t('gallery.bulk_photos_concerned', { message: t(key), photos: titles.join(', ') }),
          ]),
        ),
        top: [],
      });
      return;
    }
    setSaving(true);
    try {
      const body: RightsBody = { photos: selected.map((p) => p.id), ...change };
      const gallery = await setRights(propertyId, body);
      queryClient.setQueryData(galleryKeys.list(propertyId), gallery);
      enqueueSnackbar(t('gallery.bulk_done', { count: selected.length }), { variant: 'success' });
      onClose();
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors({ fields, top: errorMessages(error) });
    } finally {
      setSaving(false);
    }
  };

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
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="rights-bulk-title">
      <DialogTitle id="rights-bulk-title">{t('gallery.bulk_title')}</DialogTitle>
      <DialogContent data-testid="rights-bulk">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Button size="small" onClick={() => setChosen(new Set(photos.map((p) => p.id)))}>
            {t('gallery.bulk_select_all')}
          </Button>
          <Button size="small" onClick={() => setChosen(new Set())}>
            {t('gallery.bulk_select_none')}
          </Button>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {t('gallery.bulk_selected', { count: selected.length })}
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
        <SectionErrors messages={errors.top} testId="rights-bulk-errors" />
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('gallery.cancel')}</Button>
        <Button variant="contained" onClick={() => void apply()} disabled={!ready || saving}>
          {t('gallery.bulk_apply', { count: selected.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
