import { useRef, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { WidgetProps } from '@rjsf/utils';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertificateDocumentWire } from '../../../shared/generated/wire-types';
import { api } from '../../api/client';
import { ApiFailure, errorMessages, unwrap } from '../../api/errors';
import { useT, type Translate } from '../../i18n';
import { useEngine } from '../form/engine-context';

/** What the server takes (certificate-document-upload.schema.json); it judges the content, not the name. */
export const DOCUMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';

/** The document's own route; a GET carries the session cookie, so a plain link opens it. */
export const documentFileUrl = (id: number): string => `/api/facts/sustainability/certificate-documents/file/${id}/`;

/** Upload one certificate document of a property through the typed client (multipart, field `file`). */
export function uploadCertificateDocument(hotel: number, file: File): Promise<CertificateDocumentWire> {
  const form = new FormData();
  form.append('file', file, file.name);
  return unwrap(
    api.POST('/api/facts/sustainability/certificate-documents/{hotel}/', {
      params: { path: { hotel } },
      body: {},
      bodySerializer: () => form,
    }),
  );
}

const documentsKey = (hotel: number) => ['certificate-documents', hotel] as const;

/**
 * The property's certificate documents (names, formats, sizes), read once for every certificate
 * row of the page, and only when a row names a document this page did not upload itself: what
 * names a document after a reload. A failed read leaves the widget naming the document by number.
 */
function usePropertyDocuments(hotel: number, enabled: boolean) {
  return useQuery({
    queryKey: documentsKey(hotel),
    queryFn: () =>
      unwrap(api.GET('/api/facts/sustainability/certificate-documents/{hotel}/', { params: { path: { hotel } } })),
    enabled: enabled && hotel > 0,
  });
}

/**
 * The words of a refused upload: a 400 names the file and what is wrong with it (the field
 * `file`), a 413 has no words of the server's that the person needs (the limit is ours to say).
 */
function refusalOf(error: unknown, t: Translate): string {
  if (error instanceof ApiFailure && error.status === 413) return t('engine.document_too_large');
  const body = error instanceof ApiFailure ? (error.body as { file?: unknown } | undefined) : undefined;
  if (Array.isArray(body?.file) && body.file.every((m) => typeof m === 'string')) return body.file.join(' ');
  return errorMessages(error).join(' ');
}

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
  const { id, name, label, value, onChange, onBlur, readonly, disabled } = props;
  const { store } = useEngine();
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const queries = useQueryClient();
  // The answer of the last upload here: known at once, before the property's documents are read.
  const [uploaded, setUploaded] = useState<CertificateDocumentWire | null>(null);
  const documentId = typeof value === 'number' ? value : null;
  const hotel = Number(store.get().hotel);
  const justUploaded = uploaded && uploaded.id === documentId ? uploaded : null;
  const listed = usePropertyDocuments(hotel, documentId !== null && !justUploaded).data;
  const known = justUploaded ?? listed?.find((d) => d.id === documentId) ?? null;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      const doc = await uploadCertificateDocument(hotel, file);
      setUploaded(doc);
      // Another row (or this one, redrawn after the save) names it from the list: keep it whole.
      queries.setQueryData<CertificateDocumentWire[]>(documentsKey(hotel), (old) => (old ? [...old, doc] : old));
      onChange(doc.id);
      onBlur(id, doc.id);
    } catch (error) {
      store.setErrorsAt(name, [refusalOf(error, t)]);
    } finally {
      setBusy(false);
    }
  };

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
              <Button
                size="small"
                color="inherit"
                disabled={locked}
                onClick={() => {
                  setUploaded(null);
                  onChange(null);
                  onBlur(id, null);
                }}
              >
                {t('engine.document_remove')}
              </Button>
            )}
          </>
        )}
      </Box>
    </Box>
  );
}
