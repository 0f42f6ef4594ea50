import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Isolate, useT } from '../../i18n';

/** The recovery codes, shown this once: each stands in for the app's code at one sign-in. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone(): void }) {
  const t = useT();
  return (
    <Box>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('security.save_codes_warning')}
      </Alert>
      <Box
        component="ol"
        data-testid="recovery-codes"
        sx={{ fontFamily: 'monospace', fontSize: '1.05rem', columns: 2, maxWidth: 420, pl: 4, my: 2 }}
      >
        {codes.map((c) => (
          <li key={c}>
            <Isolate>{c}</Isolate>
          </li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          variant="outlined"
          onClick={() => void navigator.clipboard?.writeText(codes.join('\n')).catch(() => undefined)}
        >
          {t('security.copy')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {t('security.saved_them')}
        </Button>
      </Box>
    </Box>
  );
}
