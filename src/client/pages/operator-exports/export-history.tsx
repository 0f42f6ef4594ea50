import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorMessages } from '../../api/errors';
import { formatNotificationDate } from '../../format/dates';
import type { OperatorExportWire } from '../../../shared/generated/wire-types';
import { saveFile } from '../exports/exports-api';
import {
  downloadOperatorExport,
  operatorExportKeys,
  retryOperatorExport,
  useOperatorExports,
} from './operator-exports-api';

const CONTENTS: Record<OperatorExportWire['contents'][number], string> = {
  pdf: 'Fact sheets',
  photos: 'Photos',
  json: 'JSON',
  csv: 'CSV',
};

const megabytes = (bytes: number): string =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function hotelsText(e: OperatorExportWire): string {
  const names = e.hotels.slice(0, 3).map((h) => h.hotel_name);
  return e.hotels.length > 3 ? `${names.join(', ')} and ${e.hotels.length - 3} more` : names.join(', ');
}

function Progress({ e }: { e: OperatorExportWire }) {
  if (e.state === 'done')
    return <Chip size="small" color="success" label={`Ready${e.size !== null ? ` · ${megabytes(e.size)}` : ''}`} />;
  if (e.state === 'expired') return <Chip size="small" variant="outlined" label="Expired" />;
  if (e.state === 'failed') return <Chip size="small" color="error" label="Failed" title={e.error ?? undefined} />;
  const value = e.total ? (e.done / e.total) * 100 : 0;
  return (
    <Box sx={{ minWidth: 180 }}>
      <LinearProgress
        variant={e.state === 'queued' ? 'indeterminate' : 'determinate'}
        value={value}
        aria-label={`Export ${e.id} progress`}
        aria-valuetext={`${e.done} of ${e.total} hotels`}
      />
      <Typography variant="caption" color="text.secondary">
        {e.state === 'queued' ? 'Queued' : `${e.done} of ${e.total} hotels`}
      </Typography>
    </Box>
  );
}

/** The account's exports with their progress; a finished one downloads, a failed one retries. */
export function ExportHistory() {
  const exports = useOperatorExports();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState<number | null>(null);
  const [progress, setProgress] = useState<number | undefined>(undefined);

  async function download(e: OperatorExportWire) {
    setBusy(e.id);
    setProgress(undefined);
    try {
      const file = await downloadOperatorExport(e.id, setProgress);
      if (file.blob) saveFile(file.blob, file.filename ?? e.filename);
      enqueueSnackbar('Export downloaded.', { variant: 'success' });
    } catch (err) {
      enqueueSnackbar(errorMessages(err).join(' '), { variant: 'error' });
      void queryClient.invalidateQueries({ queryKey: operatorExportKeys.all });
    } finally {
      setBusy(null);
    }
  }

  async function retry(e: OperatorExportWire) {
    try {
      await retryOperatorExport(e.id);
      enqueueSnackbar('The export is being built again.', { variant: 'info' });
    } catch (err) {
      enqueueSnackbar(errorMessages(err).join(' '), { variant: 'error' });
    } finally {
      void queryClient.invalidateQueries({ queryKey: operatorExportKeys.all });
    }
  }

  if (exports.isError) return <Alert severity="error">{errorMessages(exports.error).join(' ')}</Alert>;
  if (!exports.data) return <LinearProgress aria-label="Loading exports" />;
  if (!exports.data.length)
    return (
      <Typography color="text.secondary">
        No exports yet. Choose hotels above and export them; you can leave this page while the export is built.
      </Typography>
    );
  return (
    <>
      {busy !== null && (
        <LinearProgress
          aria-label="Downloading"
          variant={progress === undefined ? 'indeterminate' : 'determinate'}
          value={(progress ?? 0) * 100}
          sx={{ mb: 1 }}
        />
      )}
      <Table size="small" aria-label="Exports">
        <TableHead>
          <TableRow>
            <TableCell>Created (UTC)</TableCell>
            <TableCell>Hotels</TableCell>
            <TableCell>Contents</TableCell>
            <TableCell>Progress</TableCell>
            <TableCell>Available until</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {exports.data.map((e) => (
            <TableRow key={e.id} data-export={e.id} data-state={e.state}>
              <TableCell>{formatNotificationDate(e.created_at)}</TableCell>
              <TableCell>
                <Typography variant="body2">{`${e.total} hotel${e.total === 1 ? '' : 's'}`}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {hotelsText(e)}
                </Typography>
              </TableCell>
              <TableCell>{`${e.contents.map((c) => CONTENTS[c]).join(', ')} · ${e.language.toUpperCase()}`}</TableCell>
              <TableCell>
                <Progress e={e} />
                {e.state === 'failed' && e.error && (
                  <Typography variant="caption" color="error" component="div">
                    {e.error}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{e.state === 'done' && e.expires_at ? formatNotificationDate(e.expires_at) : '—'}</TableCell>
              <TableCell align="right">
                {e.state === 'done' && (
                  <Button size="small" variant="contained" onClick={() => void download(e)} disabled={busy !== null}>
                    Download
                  </Button>
                )}
                {e.state === 'failed' && (
                  <Button size="small" onClick={() => void retry(e)}>
                    Retry
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
