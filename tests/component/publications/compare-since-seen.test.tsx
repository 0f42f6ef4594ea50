import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initialPair, PublicationsDialog } from '../../../src/client/pages/publications/publications-dialog';
import type {
  FactSheetModelWire,
  PublicationComparisonWire,
  PublicationListWire,
} from '../../../src/shared/generated/wire-types';
import { answer } from '../fake-server';
import { renderInApp } from '../render';

/**
 * Issue 38: "the sheet says '4 changes since you last looked (publication 1)' but the compare
 * dialog opens on 3 vs 4: open on what the operator last saw." The dialog opens comparing the
 * publication the operator last saw with the latest; the two latest only when it saw the latest
 * (or nothing).
 */

const publication = (number: number): PublicationListWire['publications'][number] => ({
  number,
  published_at: `2026-11-2${number}T10:00:00Z`,
  published_by: null,
  completeness: 100,
  sections: [],
});

const sheet: FactSheetModelWire = {
  language: 'en',
  dir: 'ltr',
  layout: '',
  title: 'Fact sheet',
  property: { id: 7, name: 'Sol Playa', place: 'Palma, Spain', logo: null },
  logo: null,
  featured: null,
  photos: [],
  sections: [],
  notes: [],
};

/** The operator's publications of property 7 (1 to 5, it last saw `seen`), and any pair compared as asked. */
function publications(seen: number | null): Array<{ from: string | null; to: string | null }> {
  const asked: Array<{ from: string | null; to: string | null }> = [];
  const list: PublicationListWire = {
    property: 7,
    latest: 5,
    seen,
    publications: [5, 4, 3, 2, 1].map(publication),
  };
  answer('GET', '/api/partners/fact-sheet/7/publications/', list);
  answer(
    'GET',
    '/api/partners/fact-sheet/7/publications/compare/',
    (_body: unknown, url: URL): PublicationComparisonWire => {
      const from = url.searchParams.get('from');
      const to = url.searchParams.get('to');
      asked.push({ from, to });
      return {
        property: 7,
        from: { number: Number(from), published_at: '2026-11-21T10:00:00Z' },
        to: { number: Number(to), published_at: '2026-11-25T10:00:00Z' },
        changes: 4,
        sections: [],
        sheet,
      };
    },
  );
  return asked;
}

const ticked = () =>
  screen
    .getAllByRole('checkbox')
    .filter((c) => (c as HTMLInputElement).checked)
    .map((c) => c.getAttribute('aria-label'));

describe('the operator’s publications dialog', () => {
  it('opened from the notice, compares the publication last seen with the latest', async () => {
    const asked = publications(1);
    renderInApp(
      <PublicationsDialog open side="operator" propertyId={7} title="Sol Playa" since={1} onClose={() => undefined} />,
    );
    expect(await screen.findByRole('region', { name: 'Publication 1 compared with 5' })).toBeTruthy();
    expect(asked).toEqual([{ from: '1', to: '5' }]);
    expect(ticked()).toEqual(['Compare publication 5', 'Compare publication 1']);
  });

  it('opened from its button, starts from the publication the operator marked as seen', async () => {
    const asked = publications(2);
    renderInApp(<PublicationsDialog open side="operator" propertyId={7} title="Sol Playa" onClose={() => undefined} />);
    expect(await screen.findByRole('region', { name: 'Publication 2 compared with 5' })).toBeTruthy();
    expect(asked).toEqual([{ from: '2', to: '5' }]);
  });

  it('compares the two latest when the operator has seen the latest, and follows the reader’s ticks', async () => {
    const asked = publications(5);
    const { user } = renderInApp(
      <PublicationsDialog open side="operator" propertyId={7} title="Sol Playa" onClose={() => undefined} />,
    );
    expect(await screen.findByRole('region', { name: 'Publication 4 compared with 5' })).toBeTruthy();
    // A third tick drops the first ticked of the two (as before): 4 and 2.
    await user.click(screen.getByRole('checkbox', { name: 'Compare publication 2' }));
    await waitFor(() => expect(asked).toContainEqual({ from: '2', to: '4' }));
  });
});

describe('the pair a publications dialog opens on', () => {
  it('is the one to start from and the latest, else the two latest', () => {
    expect(initialPair([5, 4, 3, 2, 1], 5, 1)).toEqual([5, 1]);
    expect(initialPair([5, 4, 3, 2, 1], 5, 5)).toEqual([5, 4]);
    expect(initialPair([5, 4, 3, 2, 1], 5, null)).toEqual([5, 4]);
    // A publication not listed (none such) is no start.
    expect(initialPair([5, 4], 5, 9)).toEqual([5, 4]);
    expect(initialPair([], null, 1)).toEqual([]);
  });
});
