import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListController } from '../../../src/client/engine/data/list-controller';
import type { SectionHttp } from '../../../src/client/engine/data/section-api';
import { useOptionLabelsState } from '../../../src/client/engine/data/use-option-labels';
import { LabelsContext } from '../../../src/client/engine/form/engine-context';
import { ListSection } from '../../../src/client/engine/views/list-section';
import { certificateStatus, isCertified } from '../../../src/shared/sustainability';
import { answer } from '../fake-server';
import { answerOptions } from '../options';
import { renderInApp } from '../render';
import { sectionEntry } from './section-http';

/**
 * Issue 40 part 2: a certificate's document is uploaded in the editor (x-ui widget `document` on
 * certificate_document): the field then names the uploaded document, saving attaches it (the
 * server's status reads "Document attached"), a refused file's message shows at the field, and
 * Remove clears it.
 */

const UPLOAD = '/api/facts/sustainability/certificate-documents/7/';

function CertificatesTab({ controller }: { controller: ListController }) {
  const { labels, status } = useOptionLabelsState();
  if (status !== 'ready') return null;
  return (
    <LabelsContext.Provider value={labels}>
      <ListSection controller={controller} />
    </LabelsContext.Provider>
  );
}

/** The certificates' save route as the server answers it: the status from the document named. */
function certificatesServer() {
  const sent: Record<string, unknown>[][] = [];
  const http: SectionHttp = {
    async call(method, _template, _param, body) {
      if (method === 'GET') return [];
      const rows = body as Record<string, unknown>[];
      sent.push(rows);
      return rows.map((row, i) => {
        const status = certificateStatus(
          { document: row.certificate_document != null, checked: false, validTo: null },
          '2026-11-21',
        );
        return { ...row, id: i + 1, certificate_status: status, certificate_certified: isCertified(status) };
      });
    },
  };
  return { http, sent };
}

const pdf = (name: string) =>
  new File(['%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n%%EOF\n'], name, { type: 'application/pdf' });

describe("a certificate's document", () => {
  it('is uploaded, named, saved as attached; a refused file says why at the field; Remove clears it', async () => {
    answerOptions();
    const uploads: { hotel: string; name: string | undefined }[] = [];
    let refuse: Response | null = null;
    answer('POST', UPLOAD, (body: unknown) => {
      const file = (body as FormData).get('file');
      uploads.push({ hotel: UPLOAD, name: file instanceof File ? file.name : undefined });
      if (refuse) return refuse;
      return Response.json(
        {
          id: 31,
          hotel: 7,
          filename: 'green-key.pdf',
          format: 'pdf',
          bytes: 52_224,
          uploaded_at: '2026-11-21T10:00:00Z',
          checked_at: null,
          url: '/api/facts/sustainability/certificate-documents/file/31/',
        },
        { status: 201 },
      );
    });
    const server = certificatesServer();
    const controller = new ListController(sectionEntry('certificate'), 7, server.http);
    const { user } = renderInApp(<CertificatesTab controller={controller} />);
    await user.click(await screen.findByRole('button', { name: /add/i }, { timeout: 10_000 }));
    const editor = screen.getByTestId('row-editor');
    await user.click(within(editor).getByRole('combobox', { name: 'Scheme' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Green Key' }));

    // None yet; the file input takes what the server takes.
    expect(within(editor).getByText('No document')).toBeTruthy();
    const input = within(editor).getByLabelText<HTMLInputElement>('Upload document');
    expect(input.type).toBe('file');
    expect(input.accept).toBe('application/pdf,image/jpeg,image/png,image/webp');

    await user.upload(input, pdf('green-key.pdf'));
    const link = await within(editor).findByRole('link', { name: 'green-key.pdf' });
    expect(link.getAttribute('href')).toBe('/api/facts/sustainability/certificate-documents/file/31/');
    expect(within(editor).getByText('PDF, 51 KB')).toBeTruthy();
    expect(uploads).toEqual([{ hotel: UPLOAD, name: 'green-key.pdf' }]);
    expect(within(editor).queryByText('No document')).toBeNull();

    expect(await controller.save()).toBe('saved');
    expect(server.sent.at(-1)![0]).toMatchObject({ certificate_issuer: 'Green Key', certificate_document: 31 });
    await waitFor(() => expect(screen.getAllByText(/Green Key · Document attached/).length).toBeGreaterThan(0));

    // A file the server refuses: its words at the field; the document named stays.
    refuse = Response.json({ file: ['notes.pdf is not a PDF, JPEG, PNG or WebP file.'] }, { status: 400 });
    await user.upload(within(screen.getByTestId('row-editor')).getByLabelText('Upload document'), pdf('notes.pdf'));
    const alert = await within(screen.getByTestId('row-editor')).findByRole('alert');
    expect(alert.textContent).toBe('notes.pdf is not a PDF, JPEG, PNG or WebP file.');
    expect(controller.getState().rows[0]!.store.get().certificateDocument).toBe(31);

    // Too large (the proxy's or the server's 413): the limit said in the person's words.
    refuse = new Response('', { status: 413 });
    await user.upload(within(screen.getByTestId('row-editor')).getByLabelText('Upload document'), pdf('huge.pdf'));
    await waitFor(() =>
      expect(within(screen.getByTestId('row-editor')).getByRole('alert').textContent).toBe(
        'The file is larger than 10 MB.',
      ),
    );

    // Remove: no document, saved as none, the claim is self-declared again.
    await user.click(within(screen.getByTestId('row-editor')).getByRole('button', { name: 'Remove' }));
    expect(within(screen.getByTestId('row-editor')).getByText('No document')).toBeTruthy();
    expect(await controller.save()).toBe('saved');
    expect(server.sent.at(-1)![0]).toMatchObject({ certificate_document: null });
    await waitFor(() => expect(screen.getAllByText(/Green Key · Self-declared/).length).toBeGreaterThan(0));
  }, 60_000);

  it("names a saved certificate's document after a reload, from the property's documents", async () => {
    answerOptions();
    const listed: string[] = [];
    answer('GET', UPLOAD, () => {
      listed.push(UPLOAD);
      return Response.json([
        {
          id: 31,
          hotel: 7,
          filename: 'green-key.pdf',
          format: 'pdf',
          content_type: 'application/pdf',
          bytes: 52_224,
          uploaded_at: '2026-11-21T10:00:00Z',
          checked_at: null,
          url: '/api/facts/sustainability/certificate-documents/file/31/',
        },
      ]);
    });
    const http: SectionHttp = {
      async call() {
        return [
          {
            id: 1,
            hotel: 7,
            certificate_issuer: 'Green Key',
            certificate_document: 31,
            certificate_status: 'document_attached',
            certificate_certified: true,
          },
        ];
      },
    };
    const controller = new ListController(sectionEntry('certificate'), 7, http);
    const { user } = renderInApp(<CertificatesTab controller={controller} />);
    await user.click(await screen.findByRole('button', { name: /^Edit / }, { timeout: 10_000 }));
    const editor = screen.getByTestId('row-editor');
    const link = await within(editor).findByRole('link', { name: 'green-key.pdf' });
    expect(link.getAttribute('href')).toBe('/api/facts/sustainability/certificate-documents/file/31/');
    expect(within(editor).getByText('PDF, 51 KB')).toBeTruthy();
    expect(listed).toHaveLength(1);
  }, 60_000);
});
