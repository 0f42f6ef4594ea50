import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { LOGO_TYPES, logoProblem } from './property-api';
import { useT } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n/messages';

interface Props {
  current: string | null;
  file: File | null;
  remove: boolean;
  disabled?: boolean;
  onFile(file: File | null): void;
  onRemove(remove: boolean): void;
}

/** A PNG, JPEG or WebP logo of at most 5 MB, previewed before it is sent. */
export function LogoInput({ current, file, remove, disabled, onFile, onRemove }: Props) {
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const t = useT();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const shown = preview ?? (remove ? null : current);
  return (
    <Box>
      <Typography variant="subtitle2" gutterBottom>
        {t('properties.logo')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box
          sx={{
            width: 96,
            height: 96,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
          }}
        >
          {shown ? (
            <img src={shown} alt={t('properties.logo_preview')} style={{ maxWidth: '100%', maxHeight: '100%' }} />
          ) : (
            <Typography variant="caption">{t('properties.logo_none')}</Typography>
          )}
        </Box>
        <Button component="label" variant="outlined" disabled={disabled}>
          {t('properties.logo_choose')}
          <input
            hidden
            type="file"
            aria-label={t('properties.logo_file')}
            accept={LOGO_TYPES.join(',')}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              e.target.value = '';
              const why = chosen ? logoProblem(chosen) : null;
              setProblem(why);
              onFile(why ? null : chosen);
            }}
          />
        </Button>
        {file && <Button onClick={() => onFile(null)}>{t('properties.logo_clear')}</Button>}
        {current && !file && (
          <FormControlLabel
            control={<Checkbox checked={remove} onChange={(e) => onRemove(e.target.checked)} disabled={disabled} />}
            label={t('properties.logo_remove')}
          />
        )}
      </Box>
      <Typography variant="caption" color={problem ? 'error' : 'text.secondary'} role={problem ? 'alert' : undefined}>
        {t(problem ?? 'properties.logo_hint')}
      </Typography>
    </Box>
  );
}
