import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Isolate, useFormat, useT } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n/messages';
import type { UploadItem } from './upload-queue';

const STATUS: Record<UploadItem['status'], MessageKey> = {
  queued: 'gallery.upload_queued',
  uploading: 'gallery.upload_uploading',
  processing: 'gallery.upload_processing',
  done: 'gallery.upload_done',
  failed: 'gallery.upload_failed',
};

function UploadRow({ item }: { item: UploadItem }) {
  const t = useT();
  const format = useFormat();
  const pct = item.size ? Math.round((item.loaded / item.size) * 100) : 0;
  const failed = item.status === 'failed';
  return (
    <Box
      component="li"
      data-testid="upload-row"
      data-status={item.status}
      aria-label={item.name}
      sx={{ listStyle: 'none', py: 0.75 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
        <Typography
          variant="body2"
          sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          <Isolate>{item.name}</Isolate>
        </Typography>
        <Typography
          variant="caption"
          color={failed ? 'error.main' : item.status === 'done' ? 'success.main' : 'text.secondary'}
        >
          {t(STATUS[item.status])}
          {item.status === 'uploading' ? ` ${format.percent(pct / 100)}` : ''}
        </Typography>
      </Box>
      {!failed && (
        <LinearProgress
          // A new bar when the variant changes: one left from the indeterminate animation stops part-way.
          key={item.status === 'processing' ? 'indeterminate' : 'determinate'}
          variant={item.status === 'processing' ? 'indeterminate' : 'determinate'}
          value={item.status === 'done' ? 100 : pct}
          color={item.status === 'done' ? 'success' : 'primary'}
          aria-label={t('gallery.upload_of', { name: item.name })}
          data-testid="upload-progress"
          sx={{ height: 6, borderRadius: 3 }}
        />
      )}
      {failed && (
        <Typography variant="body2" color="error" role="alert" data-testid="upload-error">
          {item.message}
        </Typography>
      )}
    </Box>
  );
}

/** A row per file: its progress bar, or the reason it was refused. */
export function UploadList({ items, onClear }: { items: readonly UploadItem[]; onClear(): void }) {
  const t = useT();
  if (!items.length) return null;
  const finished = items.some((i) => i.status === 'done' || i.status === 'failed');
  return (
    <Box sx={{ mb: 2 }} data-testid="upload-list">
      <Box component="ul" sx={{ m: 0, p: 0 }}>
        {items.map((item) => (
          <UploadRow key={item.key} item={item} />
        ))}
      </Box>
      {finished && (
        <Button size="small" onClick={onClear}>
          {t('gallery.clear_finished')}
        </Button>
      )}
    </Box>
  );
}
