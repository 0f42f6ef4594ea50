import { useState, type ChangeEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertificateDocumentWire } from '../../../shared/generated/wire-types';
import { api } from '../../api/client';
import { ApiFailure, errorMessages, unwrap } from '../../api/errors';
import { useT, type Translate } from '../../i18n';
import { useEngine } from '../form/engine-context';

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

/**
 * The document widget's state: the document the field holds (known by its upload's answer, else
 * from the property's documents), the upload of a picked file (a refusal goes to the field's
 * errors) and the removal.
 */
export function useDocumentField({ id, name, value, onChange, onBlur }: WidgetProps) {
  const { store } = useEngine();
  const t = useT();
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
  const remove = () => {
    setUploaded(null);
    onChange(null);
    onBlur(id, null);
  };
  return { documentId, known, busy, pick, remove };
}
