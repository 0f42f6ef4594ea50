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
import { useFormat, useT, type Formatters, type Translate } from '../../i18n';
import { isLanguage, languageInfo } from '../../../shared/i18n/languages';
import type { MessageKey } from '../../../shared/i18n/messages';
import type { OperatorExportWire } from '../../../shared/generated/wire-types';
import { useExportHistory } from './use-export-history';

const CONTENTS: Record<OperatorExportWire['contents'][number], MessageKey> = {
  pdf: 'operator-exports.contents_pdf',
  photos: 'operator-exports.content_photos',
  json: 'operator-exports.contents_json',
  csv: 'operator-exports.contents_csv',
};

/** A file's size in kB or MB, as the interface's language writes numbers. */
const fileSize = (bytes: number, fmt: Formatters): string =>
  bytes < 1024 * 1024
    ? fmt.number(Math.max(1, Math.round(bytes / 1024)), { style: 'unit', unit: 'kilobyte' })
    : fmt.number(bytes / 1024 / 1024, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });

function hotelsText(e: OperatorExportWire, t: Translate, fmt: Formatters): string {
  const names = e.hotels.slice(0, 3).map((h) => h.hotel_name);
  if (e.hotels.length <= 3) return fmt.list(names);
  return t('operator-exports.hotels_and_more', { names: names.join(', '), count: e.hotels.length - 3 });
}

/** The sheets' language by its own name ("Русский"); the code for a language the portal does not speak. */
const languageName = (code: string): string => (isLanguage(code) ? languageInfo(code).name : code.toUpperCase());

function Progress({ e }: { e: OperatorExportWire }) {
  const t = useT();
  const fmt = useFormat();
  if (e.state === 'done')
    return (
      <Chip
        size="small"
        color="success"
        label={
          e.size !== null
            ? t('operator-exports.ready_size', { size: fileSize(e.size, fmt) })
            : t('operator-exports.ready')
        }
      />
    );
  if (e.state === 'expired') return <Chip size="small" variant="outlined" label={t('operator-exports.expired')} />;
  if (e.state === 'failed')
    return <Chip size="small" color="error" label={t('operator-exports.failed')} title={e.error ?? undefined} />;
  const value = e.total ? (e.done / e.total) * 100 : 0;
  const progress = t('operator-exports.progress_hotels', { done: e.done, count: e.total });
  return (
    <Box sx={{ minWidth: 180 }}>
      <LinearProgress
        variant={e.state === 'queued' ? 'indeterminate' : 'determinate'}
        value={value}
        aria-label={t('operator-exports.progress_label', { id: e.id })}
        aria-valuetext={progress}
      />
      <Typography variant="caption" color="text.secondary">
        {e.state === 'queued' ? t('operator-exports.queued') : progress}
      </Typography>
    </Box>
  );
}

/** One export: when, which hotels, what it holds, how far it is, until when it keeps; download or retry. */
function ExportRow({
  e,
  busy,
  download,
  retry,
}: {
  e: OperatorExportWire;
  busy: boolean;
  download(e: OperatorExportWire): void;
  retry(e: OperatorExportWire): void;
}) {
  const t = useT();
  const fmt = useFormat();
  return (
    <TableRow data-export={e.id} data-state={e.state}>
      <TableCell>{fmt.dateTime(e.created_at)}</TableCell>
      <TableCell>
        <Typography variant="body2">{t('operator.hotel_count', { count: e.total })}</Typography>
        <Typography variant="caption" color="text.secondary">
          {hotelsText(e, t, fmt)}
        </Typography>
      </TableCell>
      <TableCell>{`${fmt.list(e.contents.map((c) => t(CONTENTS[c])))} · ${languageName(e.language)}`}</TableCell>
      <TableCell>
        <Progress e={e} />
        {e.state === 'failed' && e.error && (
          <Typography variant="caption" color="error" component="div">
            {e.error}
          </Typography>
        )}
      </TableCell>
      <TableCell>{e.state === 'done' && e.expires_at ? fmt.dateTime(e.expires_at) : '—'}</TableCell>
      <TableCell align="right">
        {e.state === 'done' && (
          <Button size="small" variant="contained" onClick={() => download(e)} disabled={busy}>
            {t('operator-exports.download')}
          </Button>
        )}
        {e.state === 'failed' && (
          <Button size="small" onClick={() => retry(e)}>
            {t('operator-exports.retry')}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/** The account's exports with their progress; a finished one downloads, a failed one retries. */
export function ExportHistory() {
  const t = useT();
  const { exports, failed, error, busy, progress, download, retry } = useExportHistory();
  if (failed) return <Alert severity="error">{errorMessages(error).join(' ')}</Alert>;
  if (!exports) return <LinearProgress aria-label={t('operator-exports.loading')} />;
  if (!exports.length) return <Typography color="text.secondary">{t('operator-exports.none_yet')}</Typography>;
  return (
    <>
      {busy !== null && (
        <LinearProgress
          aria-label={t('operator-exports.downloading')}
          variant={progress === undefined ? 'indeterminate' : 'determinate'}
          value={(progress ?? 0) * 100}
          sx={{ mb: 1 }}
        />
      )}
      <Table size="small" aria-label={t('operator-exports.exports')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('operator-exports.column_created')}</TableCell>
            <TableCell>{t('operator-exports.hotels')}</TableCell>
            <TableCell>{t('operator-exports.column_contents')}</TableCell>
            <TableCell>{t('operator-exports.column_progress')}</TableCell>
            <TableCell>{t('operator-exports.column_until')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {exports.map((e) => (
            <ExportRow
              key={e.id}
              e={e}
              busy={busy !== null}
              download={(x) => void download(x)}
              retry={(x) => void retry(x)}
            />
          ))}
        </TableBody>
      </Table>
    </>
  );
}
