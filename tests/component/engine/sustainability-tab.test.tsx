import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DocumentController } from '../../../src/client/engine/data/document-controller';
import { ListController } from '../../../src/client/engine/data/list-controller';
import type { SectionHttp } from '../../../src/client/engine/data/section-api';
import { useOptionLabelsState } from '../../../src/client/engine/data/use-option-labels';
import { LabelsContext } from '../../../src/client/engine/form/engine-context';
import { DocumentSection } from '../../../src/client/engine/views/document-section';
import { ListSection } from '../../../src/client/engine/views/list-section';
import { certificateStatus, isCertified } from '../../../src/shared/sustainability';
import { answerOptions } from '../options';
import { renderInApp } from '../render';
import { savedSection, sectionEntry } from './section-http';

/**
 * Issue 40 part 2: the Sustainability tab is drawn by the engine from the schemas alone: the
 * practices in their six groups (measures as choices from their lists, measurements as numbers)
 * and the certificates as a master-detail list whose scheme comes from the recognised schemes;
 * the status is the server's (read-only), shown in the row's summary.
 */

/** The certificates list with the tab's option labels, once they are there. */
function CertificatesTab({ controller }: { controller: ListController }) {
  const { labels, status } = useOptionLabelsState();
  if (status !== 'ready') return null;
  return (
    <LabelsContext.Provider value={labels}>
      <ListSection controller={controller} />
    </LabelsContext.Provider>
  );
}

describe('the Sustainability tab', () => {
  it('draws the practices in their groups and saves a measure and a measurement', async () => {
    const server = savedSection();
    const controller = new DocumentController(sectionEntry('sustainability'), 7, server.http);
    answerOptions();
    const { user } = renderInApp(<DocumentSection controller={controller} heading />);
    for (const group of ['Energy', 'Water', 'Waste', 'Single-use plastics', 'Local sourcing', 'Community'])
      expect(await screen.findByRole('heading', { name: group }, { timeout: 10_000 })).toBeTruthy();
    const share = screen.getByLabelText('Electricity from renewable sources (%)');
    await user.type(share, '85');
    await user.tab();
    expect(await controller.save()).toBe('saved');
    expect(server.last()).toMatchObject({ sus_renewable_electricity_share: 85, sus_energy_measures: [] });
  }, 60_000);

  it('adds a certificate with its scheme from the list, and shows what backs it as the server says', async () => {
    answerOptions();
    const sent: Record<string, unknown>[][] = [];
    const http: SectionHttp = {
      async call(method, _template, _param, body) {
        if (method === 'GET') return [];
        const rows = body as Record<string, unknown>[];
        sent.push(rows);
        // The server decides the status (shared/sustainability.ts): no document, self-declared.
        return rows.map((row, i) => {
          const status = certificateStatus(
            { document: row.certificate_document != null, checked: false, validTo: row.certificate_valid_to as string },
            '2026-11-21',
          );
          return { ...row, id: i + 1, certificate_status: status, certificate_certified: isCertified(status) };
        });
      },
    };
    const controller = new ListController(sectionEntry('certificate'), 7, http);
    const { user } = renderInApp(<CertificatesTab controller={controller} />);
    await user.click(await screen.findByRole('button', { name: /add/i }, { timeout: 10_000 }));
    const editor = screen.getByTestId('row-editor');
    await user.click(within(editor).getByRole('combobox', { name: 'Scheme' }));
    const schemes = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(schemes).toEqual(
      expect.arrayContaining(['Green Key', 'EarthCheck', 'Travelife', 'EU Ecolabel', 'ISO 14001']),
    );
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Green Key' }));
    await user.type(within(editor).getByRole('textbox', { name: 'Certificate number' }), 'GK-1');
    expect(await controller.save()).toBe('saved');
    expect(sent.at(-1)![0]).toMatchObject({ certificate_issuer: 'Green Key', certificate_number: 'GK-1' });
    // The row's summary says what backs it, in the list's words.
    await waitFor(() => expect(screen.getAllByText(/Green Key · Self-declared/).length).toBeGreaterThan(0));
  }, 60_000);
});
