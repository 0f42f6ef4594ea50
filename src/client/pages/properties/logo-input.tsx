import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { LOGO_TYPES, logoProblem } from './property-api';

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
  const [problem, setProblem] = useState<string | null>(null);
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
        Logo
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
            <img src={shown} alt="Logo preview" style={{ maxWidth: '100%', maxHeight: '100%' }} />
          ) : (
            <Typography variant="caption">No logo</Typography>
          )}
        </Box>
        <Button component="label" variant="outlined" disabled={disabled}>
          Choose a logo
          <input
            hidden
            type="file"
            aria-label="Logo file"
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
        {file && <Button onClick={() => onFile(null)}>Clear</Button>}
        {current && !file && (
          <FormControlLabel
            control={<Checkbox checked={remove} onChange={(e) => onRemove(e.target.checked)} disabled={disabled} />}
            label="Remove the logo"
          />
        )}
      </Box>
      <Typography variant="caption" color={problem ? 'error' : 'text.secondary'} role={problem ? 'alert' : undefined}>
        {problem ?? 'PNG, JPEG or WebP, at most 5 MB.'}
      </Typography>
    </Box>
  );
}
