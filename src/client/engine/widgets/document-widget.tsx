import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { WidgetProps } from '@rjsf/utils';
import type { CertificateDocumentWire } from '../../../shared/generated/wire-types';
import { useT, type Translate } from '../../i18n';
import { useDocumentField } from './use-document-field';

/** What the server takes (certificate-document-upload.schema.json); it judges the content, not the name. */
export const DOCUMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';

/** The document's own route; a GET carries the session cookie, so a plain link opens it. */
export const documentFileUrl = (id: number): string => `/api/facts/sustainability/certificate-documents/file/${id}/`;

/** "PDF, 120 KB": the format and size the upload's answer gave, whichever it has. */
function detailsOf(doc: CertificateDocumentWire, t: Translate): string {
  const format = doc.format?.toUpperCase();
  if (doc.bytes === undefined) return format ?? '';
  const size = t('gallery.kilobytes', { kb: Math.max(1, Math.round(doc.bytes / 1024)) });
  return format ? t('engine.document_details', { format, size }) : size;
}

/**
 * A certificate's document (x-ui widget `document`): the field holds the uploaded document's id.
 * Shows the document attached (a link that opens it, named by its file name, with its format and
 * size: from the upload's answer, else from the property's documents) or "No document", uploads a new one (the field then
 * names it; saving the certificates attaches it) and removes it (the field is cleared). A refused
 * file's message shows at the field, as the server's field messages do.
 */
export function DocumentWidget(props: WidgetProps) {
  const { id, label, readonly, disabled } = props;
  const { documentId, known, busy, pick, remove } = useDocumentField(props);
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const locked = readonly || disabled || busy;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <FormLabel component="legend" id={`${id}__label`} sx={{ fontSize: '0.8rem', mb: 0.5 }}>
        {label}
      </FormLabel>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        {documentId === null ? (
          <Typography variant="body2" color="text.secondary">
            {t('engine.document_none')}
          </Typography>
        ) : (
          <Typography variant="body2">
            <Link href={documentFileUrl(documentId)} target="_blank" rel="noopener">
              {known?.filename ? <bdi>{known.filename}</bdi> : t('engine.document_number', { id: documentId })}
            </Link>
            {known && (known.format || known.bytes !== undefined) && (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {detailsOf(known, t)}
              </Typography>
            )}
          </Typography>
        )}
        {!readonly && (
          <>
            <Button size="small" variant="outlined" component="label" disabled={locked}>
              {busy ? t('engine.document_uploading') : t('engine.document_upload')}
              <input
                ref={input}
                id={id}
                type="file"
                hidden
                accept={DOCUMENT_ACCEPT}
                aria-label={t('engine.document_upload')}
                onChange={(e) => void pick(e)}
              />
            </Button>
            {documentId !== null && (
              <Button size="small" color="inherit" disabled={locked} onClick={remove}>
                {t('engine.document_remove')}
              </Button>
            )}
          </>
        )}
      </Box>
    </Box>
  );
}
