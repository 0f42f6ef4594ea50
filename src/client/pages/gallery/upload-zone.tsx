import { useRef, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

export const hasFiles = (e: DragEvent): boolean => Array.from(e.dataTransfer.types).includes('Files');

/** Drop photos here or choose them: many at once, each sent on its own. */
export function UploadZone({ onFiles, disabled }: { onFiles(files: File[]): void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const t = useT();
  const take = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length) onFiles(files);
  };
  return (
    <Box
      data-testid="upload-zone"
      data-over={over ? 'true' : undefined}
      onDragOver={(e) => {
        if (disabled || !hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        if (disabled || !hasFiles(e)) return;
        e.preventDefault();
        e.stopPropagation();
        setOver(false);
        take(e.dataTransfer.files);
      }}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 2,
        p: 3,
        textAlign: 'center',
        mb: 2,
      }}
    >
      <Typography sx={{ mb: 1 }}>{t('gallery.drop_here')}</Typography>
      <Button variant="contained" disabled={disabled} onClick={() => input.current?.click()}>
        {t('gallery.choose_photos')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('gallery.file_types')}
      </Typography>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        aria-label={t('gallery.upload_input')}
        data-testid="upload-input"
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
      />
    </Box>
  );
}
