import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { translate } from '../../i18n/current';

/** A failure shown in place of what could not load or crashed: its title, the error by name and message, and a Reload button. */
export function ErrorNotice({ error, title, centred = false }: { error: Error; title: string; centred?: boolean }) {
  return (
    <Box sx={{ p: 3, maxWidth: 720, mx: centred ? 'auto' : undefined }}>
      <Alert
        severity="error"
        data-testid="page-error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {translate('common.reload')}
          </Button>
        }
      >
        <AlertTitle>{title}</AlertTitle>
        {error.name}: {error.message}
      </Alert>
    </Box>
  );
}
