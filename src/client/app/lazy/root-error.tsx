import { useRouteError } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/**
 * The last resort when the shell itself fails (a shell chunk that cannot load, a crash outside
 * a page): the error by name and message, and a Reload button.
 */
export function RootError() {
  const error = useRouteError();
  const e = error instanceof Error ? error : new Error(String(error));
  return (
    <Box sx={{ p: 3, maxWidth: 720, mx: 'auto' }}>
      <Alert
        severity="error"
        data-testid="page-error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      >
        <AlertTitle>{e.name === 'ChunkLoadError' ? 'Ananas could not be loaded' : 'Something went wrong'}</AlertTitle>
        {e.name}: {e.message}
      </Alert>
    </Box>
  );
}
