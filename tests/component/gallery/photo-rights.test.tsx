import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PhotoWire } from '../../../src/shared/generated/wire-types';
import { PhotoPanel } from '../../../src/client/pages/gallery/photo-panel';
import { PhotoGrid } from '../../../src/client/pages/gallery/photo-grid';
import { RightsBulk } from '../../../src/client/pages/gallery/rights-bulk';
import { ApiFailure } from '../../../src/client/api/errors';
import { answer, calls } from '../fake-server';
import { renderInApp } from '../render';
import { photo as galleryPhoto } from './photo-fixture';

/** Issue 40 §3 in the gallery: a photo's rights, the mark of a held-back photo, the bulk edit. */

/** A small photo of the gallery named `name`, with the rights given. */
const photo = (id: number, name: string, rights: Partial<PhotoWire> = {}): PhotoWire =>
  galleryPhoto(id, {
    name,
    alt: name,
    width: 10,
    height: 10,
    bytes: 2048,
    created_at: '2026-01-01T00:00:00Z',
    ...rights,
  });

const LICENCES = new Map([
  ['own', 'Own photo'],
  ['licensed', 'Licensed from a holder'],
  ['CC BY', 'CC BY (attribution)'],
  ['CC0', 'CC0 (public domain)'],
]);

function panel(p: PhotoWire, onSave = vi.fn(async () => p)) {
  const view = renderInApp(
    <PhotoPanel
      photo={p}
      index={0}
      count={1}
      editable
      categories={new Map()}
      licences={LICENCES}
      rooms={[]}
      onClose={() => {}}
      onSave={onSave}
      onFeature={() => {}}
      onMove={() => {}}
      onPreview={() => {}}
      onDelete={() => {}}
    />,
  );
  return { ...view, onSave };
}

async function chooseLicence(user: ReturnType<typeof renderInApp>['user'], within_: HTMLElement, label: string) {
  await user.click(within(within_).getByRole('combobox', { name: 'Licence' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('a photo’s rights in the side panel', () => {
  it('says what is wrong before sending: a licence from nobody, a CC BY licence without a credit', async () => {
    const { user, onSave } = panel(photo(1, 'Pool'));
    const rights = await screen.findByTestId('photo-rights');
    await chooseLicence(user, rights, 'Licensed from a holder');
    await user.type(within(rights).getByRole('textbox', { name: /Licensed from/ }), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(rights).findByText('Say whom the photo is licensed from.')).toBeTruthy();

    await chooseLicence(user, rights, 'CC BY (attribution)');
    // No holder for a CC licence, and no end date: it does not end.
    expect(within(rights).queryByRole('textbox', { name: /Licensed from/ })).toBeNull();
    expect(within(rights).queryByLabelText('Licence ends (last day)')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await within(rights).findByText('This licence requires the photographer to be credited: give the credit.'),
    ).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends only the rights that changed, under their wire names', async () => {
    const { user, onSave } = panel(photo(1, 'Pool'));
    const rights = await screen.findByTestId('photo-rights');
    await chooseLicence(user, rights, 'Licensed from a holder');
    await user.type(within(rights).getByRole('textbox', { name: /Licensed from/ }), 'Agency');
    fireEvent.change(within(rights).getByLabelText('Licence ends (last day)'), { target: { value: '2027-03-31' } });
    await user.click(within(rights).getByRole('checkbox', { name: 'May be passed on to partners' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]).toEqual([
      { licence: 'licensed', licence_holder: 'Agency', licence_ends: '2027-03-31', pass_on: false },
    ]);
  });

  it('shows the server’s refusal at the field', async () => {
    const onSave = vi.fn(async () => {
      throw new ApiFailure(400, { credit: ['Too long for the server.'] });
    });
    const { user } = panel(photo(1, 'Pool'), onSave as never);
    const rights = await screen.findByTestId('photo-rights');
    await user.type(within(rights).getByRole('textbox', { name: /Photographer/ }), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(rights).findByText('Too long for the server.')).toBeTruthy();
  });

  it('tells why a held-back photo does not leave the account', async () => {
    panel(
      photo(1, 'Pool', {
        licence: 'licensed',
        licence_holder: 'A',
        licence_ends: '2026-05-03',
        held_back: 'licence-ended',
      }),
    );
    expect((await screen.findByTestId('held-back-note')).textContent).toContain('Licence ended on 3 May 2026');
  });
});

describe('the mark of a held-back photo in the grid', () => {
  it('names the reason on each held-back tile, and in its label, and nothing on the others', async () => {
    renderInApp(
      <PhotoGrid
        photos={[
          photo(1, 'Pool'),
          photo(2, 'Private', { pass_on: false, held_back: 'not-passed-on' }),
          photo(3, 'Old', {
            licence: 'licensed',
            licence_holder: 'A',
            licence_ends: '2026-05-03',
            held_back: 'licence-ended',
          }),
        ]}
        editable
        move={() => false}
        open={() => {}}
      />,
    );
    const tiles = await screen.findAllByTestId('photo-tile');
    expect(tiles.map((t) => within(t).queryByTestId('held-back-mark')?.textContent ?? null)).toEqual([
      null,
      'Not passed on to partners',
      'Licence ended on 3 May 2026',
    ]);
    expect(tiles[1]!.getAttribute('aria-label')).toBe('Private, Not passed on to partners');
  });
});

describe('the bulk edit of rights', () => {
  const photos = [photo(1, 'Pool'), photo(2, 'Lobby', { credit: 'Ana' }), photo(3, 'Spa')];

  it('sets the chosen rights on the chosen photos in one call, and shows the gallery after', async () => {
    let sent: unknown;
    answer('PATCH', '/api/facts/property/5/gallery/rights/', (body: unknown) => {
      sent = body;
      return photos.map((p) => (p.id === 3 ? p : { ...p, pass_on: false, held_back: 'not-passed-on' }));
    });
    const { user, queries } = renderInApp(<RightsBulk propertyId={5} photos={photos} licences={LICENCES} />);
    await user.click(screen.getByRole('button', { name: 'Edit rights of several photos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rights of several photos' });
    await user.click(within(dialog).getByRole('button', { name: 'Select all' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Spa/ }));
    expect(within(dialog).getByText('2 photos selected')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'May be passed on to partners' }));
    await user.click(await screen.findByRole('option', { name: 'No' }));
    await user.click(within(dialog).getByRole('button', { name: 'Set for 2 photos' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual({ photos: [1, 2], pass_on: false });
    expect(calls.filter((c) => c.startsWith('PATCH'))).toHaveLength(1);
    const cached = queries.getQueryData<PhotoWire[]>(['gallery', 5])!;
    expect(cached.filter((p) => p.held_back).map((p) => p.id)).toEqual([1, 2]);
  });

  it('names the photos a CC BY licence would leave without a credit, and sends nothing', async () => {
    const { user } = renderInApp(<RightsBulk propertyId={5} photos={photos} licences={LICENCES} />);
    await user.click(screen.getByRole('button', { name: 'Edit rights of several photos' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Select all' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Licence' }));
    await user.click(await screen.findByRole('option', { name: 'CC BY (attribution)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Set for 3 photos' }));
    expect(
      await within(dialog).findByText(
        'This licence requires the photographer to be credited: give the credit. (Pool, Spa)',
      ),
    ).toBeTruthy();
    expect(calls.filter((c) => c.startsWith('PATCH'))).toEqual([]);
  });

  it('shows the server’s refusal and keeps the dialog open', async () => {
    answer('PATCH', '/api/facts/property/5/gallery/rights/', () =>
      Response.json({ photos: ['Not photos of this property: 2. Nothing was changed.'] }, { status: 400 }),
    );
    const { user } = renderInApp(<RightsBulk propertyId={5} photos={photos} licences={LICENCES} />);
    await user.click(screen.getByRole('button', { name: 'Edit rights of several photos' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: /Lobby/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Photographer/ }), 'Studio X');
    await user.click(within(dialog).getByRole('button', { name: 'Set for 1 photo' }));
    expect(await within(dialog).findByText(/Not photos of this property: 2/)).toBeTruthy();
  });
});
