import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/** The recovery codes, shown this once: each stands in for the app's code at one sign-in. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone(): void }) {
  return (
    <Box>
      <Alert severity="warning" sx={{ mb: 2 }}>
        Save these recovery codes somewhere safe (print them or keep them in a password manager). Each works once, in
        place of the app’s code, if you lose your phone. They are not shown again.
      </Alert>
      <Box
        component="ol"
        data-testid="recovery-codes"
        sx={{ fontFamily: 'monospace', fontSize: '1.05rem', columns: 2, maxWidth: 420, pl: 4, my: 2 }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          variant="outlined"
          onClick={() => void navigator.clipboard?.writeText(codes.join('\n')).catch(() => undefined)}
        >
          Copy
        </Button>
        <Button variant="contained" onClick={onDone}>
          I have saved them
        </Button>
      </Box>
    </Box>
  );
}
