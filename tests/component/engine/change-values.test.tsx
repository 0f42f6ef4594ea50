import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangeList } from '../../../src/client/engine/views/history-changes';
import { PublicationsDialog } from '../../../src/client/pages/publications/publications-dialog';
import type { PublicationComparisonWire, PublicationListWire } from '../../../src/shared/generated/wire-types';
import { answer } from '../fake-server';
import { answerOptions } from '../options';
import { renderInApp } from '../render';

/**
 * Issue 38 §3: a change reads the same in a section's History (the client's words for the
 * recorded values) and in the publications compare (the server's fact sheet words): the option
 * label, and one mark for no value.
 */

const lines = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

const publication = (number: number) => ({
  number,
  published_at: `2026-11-2${number}T10:00:00Z`,
  published_by: 'Ana Ruiz',
  completeness: 90,
  sections: [{ key: 'main-info', title: 'Main info' }],
});

const sheet = {
  language: 'en',
  dir: 'ltr',
  layout: '',
  title: 'Fact sheet',
  property: { id: 7, name: 'Sol Playa', place: 'Palma', logo: null },
  logo: null,
  featured: null,
  photos: [],
  sections: [],
  notes: [],
} as unknown as PublicationComparisonWire['sheet'];

describe('a changed value, written the same in History and in the publications compare', () => {
  it('History: the option label, and a dash for no value', async () => {
    answerOptions();
    renderInApp(
      <ChangeList
        section="main-info"
        changes={[
          { field: 'rating', label: 'Rating', from: 4, to: 5 },
          { field: 'zip_code', label: 'Zip code', from: null, to: '07001' },
        ]}
      />,
    );
    const list = await screen.findByTestId('history-changes', undefined, { timeout: 10_000 });
    await waitFor(() => expect(lines(list)).toEqual(['Rating: 4 stars → 5 stars', 'Zip code: — → 07001']), {
      timeout: 10_000,
    });
  });

  it('the publications compare: the same line for the same change', async () => {
    const list: PublicationListWire = {
      property: 7,
      latest: 2,
      seen: null,
      publications: [publication(2), publication(1)],
    };
    const compared: PublicationComparisonWire = {
      property: 7,
      from: { number: 1, published_at: '2026-11-21T10:00:00Z' },
      to: { number: 2, published_at: '2026-11-22T10:00:00Z' },
      changes: 2,
      sections: [
        {
          key: 'main-info',
          title: 'Main info',
          kind: 'document',
          fields: [
            { key: 'rating', label: 'Rating', from: '4 stars', to: '5 stars' },
            { key: 'zip_code', label: 'Zip code', from: '', to: '07001' },
          ],
          rows: [],
        },
      ],
      sheet,
    };
    answer('GET', '/api/facts/property/7/publications/', list);
    answer('GET', '/api/facts/property/7/publications/compare/', compared);
    renderInApp(<PublicationsDialog open side="hotel" propertyId={7} title="Sol Playa" onClose={() => undefined} />);
    const comparison = await screen.findByTestId('publication-comparison', undefined, { timeout: 10_000 });
    expect(lines(comparison)).toEqual(['Rating: 4 stars → 5 stars', 'Zip code: — → 07001']);
  });
});
