import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { licenceMayEnd, requiresAttribution } from '../../../shared/photo-rights';
import { useT } from '../../i18n';
import type { RightsDraft } from './rights-draft';

interface Props {
  draft: RightsDraft;
  onChange(draft: RightsDraft): void;
  /** Messages by wire field name (credit, licence, licence_holder, licence_ends, pass_on). */
  errors: Record<string, string>;
  readOnly: boolean;
  /** Licence value -> label (the photoLicences option list). */
  licences: ReadonlyMap<string, string>;
}

/** The licence, from the option list; a value the list no longer has still shows as it is. */
function LicenceField({
  draft,
  set,
  error,
  readOnly,
  licences,
}: {
  draft: RightsDraft;
  set(change: Partial<RightsDraft>): void;
  error: string | undefined;
  readOnly: boolean;
  licences: ReadonlyMap<string, string>;
}) {
  const t = useT();
  const options = new Map(licences);
  if (draft.licence && !options.has(draft.licence)) options.set(draft.licence, draft.licence);
  return (
    <TextField
      disabled={readOnly}
      fullWidth
      size="small"
      select
      label={t('gallery.field_licence')}
      value={draft.licence}
      onChange={(e) => set({ licence: e.target.value, ...(licenceMayEnd(e.target.value || null) ? {} : { ends: '' }) })}
      error={!!error}
      helperText={error}
    >
      <MenuItem value="">
        <em>{t('gallery.not_recorded')}</em>
      </MenuItem>
      {[...options].map(([value, label]) => (
        <MenuItem key={value} value={value}>
          {label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * A photo's rights in the side panel: credit, licence, whom it is licensed from (only for that
 * licence), its last day (only for a licence that can end) and whether partners may have it.
 */
export function RightsFields({ draft, onChange, errors, readOnly, licences }: Props) {
  const t = useT();
  const set = (change: Partial<RightsDraft>) => onChange({ ...draft, ...change });
  const common = { disabled: readOnly, fullWidth: true, size: 'small' as const };
  const mayEnd = licenceMayEnd(draft.licence || null);
  return (
    <Stack component="fieldset" data-testid="photo-rights" sx={{ border: 0, p: 0, m: 0, mt: 2, gap: 2 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('gallery.rights_title')}
      </Typography>
      <TextField
        {...common}
        label={t('gallery.field_credit')}
        value={draft.credit}
        onChange={(e) => set({ credit: e.target.value })}
        error={!!errors.credit}
        helperText={
          errors.credit ?? (requiresAttribution(draft.licence) ? t('gallery.field_credit_required') : undefined)
        }
        required={requiresAttribution(draft.licence)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <LicenceField draft={draft} set={set} error={errors.licence} readOnly={readOnly} licences={licences} />
      {draft.licence === 'licensed' && (
        <TextField
          {...common}
          required
          label={t('gallery.field_holder')}
          value={draft.holder}
          onChange={(e) => set({ holder: e.target.value })}
          error={!!errors.licence_holder}
          helperText={errors.licence_holder}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      )}
      {(mayEnd || draft.ends) && (
        <TextField
          {...common}
          type="date"
          label={t('gallery.field_licence_ends')}
          value={draft.ends}
          onChange={(e) => set({ ends: e.target.value })}
          error={!!errors.licence_ends}
          helperText={errors.licence_ends ?? t('gallery.field_licence_ends_help')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
      <FormControlLabel
        disabled={readOnly}
        control={<Checkbox checked={draft.passOn} onChange={(e) => set({ passOn: e.target.checked })} />}
        label={t('gallery.field_pass_on')}
      />
      {errors.pass_on && (
        <Typography color="error" variant="caption">
          {errors.pass_on}
        </Typography>
      )}
    </Stack>
  );
}
