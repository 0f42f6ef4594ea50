import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useT } from '../i18n';

/** An example to copy: the text in a monospace block and a Copy button. */
export function CopyBlock({ label, text }: { label: string; text: string }) {
  const [copied, setCopied] = useState(false);
  const t = useT();
  return (
    <Box sx={{ my: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Box
          component="pre"
          dir="ltr"
          sx={{
            flex: 1,
            minWidth: 0,
            m: 0,
            p: 1,
            bgcolor: 'action.hover',
            borderRadius: 1,
            overflowX: 'auto',
            fontSize: 13,
          }}
        >
          {text}
        </Box>
        <Button
          size="small"
          aria-label={t('devtools.copy_label', { label })}
          onClick={() =>
            void navigator.clipboard.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {t(copied ? 'devtools.copied' : 'devtools.copy')}
        </Button>
      </Box>
    </Box>
  );
}
