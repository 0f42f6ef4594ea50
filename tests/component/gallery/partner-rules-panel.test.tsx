import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PartnerRulesPanel } from '../../../src/client/pages/gallery/partner-rules-panel';
import { SimilarPhotos } from '../../../src/client/pages/gallery/partner-rules-similar';
import type { GalleryRoom, Photo } from '../../../src/client/pages/gallery/gallery-api';
import type { PartnerPhotoChannelsWire } from '../../../src/shared/generated/wire-types';
import { renderInApp } from '../render';
import { photo } from './photo-fixture';

/**
 * Issue 40 §4: the gallery shows per partner (tour operator in contract) the channels it passes
 * photos on to, and per channel what passes and what does not and why, with the numbers
 * (Booking.com, Expedia, GDS as schemas/partner-photo-rules.json declares them); the channels no
 * partner uses only on demand; and the photos flagged at upload as looking like another.
 */

const rooms: GalleryRoom[] = [
  { id: 10, room_name: 'Double' },
  { id: 11, room_name: 'Suite' },
];
// Room Double: four big photos (every channel takes them). Suite: none. A narrow lobby photo, and a
// tiny one that may not be passed on (it never reaches a channel: no verdict names it).
const gallery: Photo[] = [
  ...[1, 2, 3, 4].map((id) => photo(id, { room: 10 })),
  photo(5, { name: 'Narrow lobby', width: 250, height: 400 }),
  photo(6, { name: 'Held back', width: 10, height: 10, pass_on: false, held_back: 'not-passed-on' }),
];

const channel = (key: string, within_: HTMLElement = document.body) =>
  within(within_)
    .getAllByTestId('partner-rules-channel')
    .find((el) => el.dataset.channel === key)!;
const channelsIn = (el: HTMLElement) =>
  within(el)
    .queryAllByTestId('partner-rules-channel')
    .map((c) => c.dataset.channel);
const partner = (name: string) => screen.getByRole('region', { name });

const everyChannel: PartnerPhotoChannelsWire[] = [
  { operator: 7, company: 'Sun Tours', channels: ['booking_com', 'expedia', 'gds'] },
];

describe('partner photo rules in the gallery', () => {
  it('says per channel what passes, what does not and why, and opens a refused photo', async () => {
    const onOpen = vi.fn();
    const { user } = renderInApp(
      <PartnerRulesPanel photos={gallery} rooms={rooms} onOpen={onOpen} partners={everyChannel} />,
    );
    expect(screen.getByRole('heading', { name: 'Partners’ photo rules' })).toBeTruthy();
    expect(within(channel('booking_com')).getByText('1 problem')).toBeTruthy();
    // Expedia: the narrow photo, and the Suite with no photo.
    expect(within(channel('expedia')).getByText('2 problems')).toBeTruthy();
    expect(within(channel('gds')).getByText('Passes')).toBeTruthy();

    await user.click(within(channel('booking_com')).getByRole('button', { name: /Booking\.com/ }));
    const refused = within(channel('booking_com')).getAllByTestId('partner-rules-photo');
    expect(refused.map((r) => r.textContent)).toEqual(['“Narrow lobby”: 250 px wide, at least 300 px needed']);
    await user.click(within(refused[0]!).getByRole('button', { name: '“Narrow lobby”' }));
    expect(onOpen).toHaveBeenCalledWith(5);

    await user.click(within(channel('expedia')).getByRole('button', { name: /Expedia/ }));
    expect(
      within(channel('expedia'))
        .getAllByTestId('partner-rules-photo')
        .map((r) => r.textContent),
    ).toEqual(['“Narrow lobby”: 400 px on the long edge, at least 2,880 px needed']);
    expect(
      within(channel('expedia'))
        .getAllByTestId('partner-rules-count')
        .map((r) => r.textContent),
    ).toEqual(['Suite: 0 photos pass, at least 4 needed']);
    expect(screen.queryByText(/Held back/)).toBeNull();
  });

  it('in the language on screen', async () => {
    renderInApp(<PartnerRulesPanel photos={gallery} rooms={rooms} onOpen={() => undefined} partners={everyChannel} />, {
      language: 'de',
    });
    expect(await screen.findByRole('heading', { name: 'Fotoregeln der Partner' })).toBeTruthy();
    expect(within(channel('expedia')).getByText('2 Probleme')).toBeTruthy();
  });

  it('shows each partner its own channels; the channels no partner uses only on demand', async () => {
    const partners: PartnerPhotoChannelsWire[] = [
      { operator: 7, company: 'Sun Tours', channels: ['expedia'] },
      { operator: 9, company: 'Blue Travel', channels: [] },
    ];
    const { user } = renderInApp(
      <PartnerRulesPanel photos={gallery} rooms={rooms} onOpen={() => undefined} partners={partners} />,
    );
    const sun = partner('Sun Tours');
    expect(channelsIn(sun)).toEqual(['expedia']);
    expect(within(channel('expedia', sun)).getByText('2 problems')).toBeTruthy();
    const blue = partner('Blue Travel');
    expect(channelsIn(blue)).toEqual([]);
    expect(within(blue).getByText('Blue Travel has not said which channels it passes your photos on to.')).toBeTruthy();
    // Booking.com and GDS: no partner uses them, so they are not shown until asked for.
    expect(screen.getAllByTestId('partner-rules-channel').map((c) => c.dataset.channel)).toEqual(['expedia']);
    await user.click(screen.getByRole('button', { name: 'Show the 2 channels no partner uses' }));
    expect(channelsIn(screen.getByTestId('partner-rules-others'))).toEqual(['booking_com', 'gds']);
    await user.click(screen.getByRole('button', { name: 'Hide the 2 channels no partner uses' }));
    expect(screen.queryByTestId('partner-rules-others')).toBeNull();
  });

  it('without a contract says so, and every channel can still be looked at', async () => {
    const { user } = renderInApp(
      <PartnerRulesPanel photos={gallery} rooms={rooms} onOpen={() => undefined} partners={[]} />,
    );
    expect(screen.getByTestId('partner-rules-no-partners').textContent).toMatch(
      /^No tour operator has a contract in force for this property yet/,
    );
    expect(screen.queryAllByTestId('partner-rules-channel')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Show the 3 channels no partner uses' }));
    expect(channelsIn(screen.getByTestId('partner-rules-others'))).toEqual(['booking_com', 'expedia', 'gds']);
  });

  it('shows a photo flagged at upload beside the one it looks like, both opening', async () => {
    const onOpen = vi.fn();
    const flagged = [photo(1, { name: 'Pool' }), photo(2, { name: 'Pool small', similar_to: 1 }), photo(3)];
    const { user } = renderInApp(<SimilarPhotos photos={flagged} onOpen={onOpen} />);
    const rows = screen.getAllByTestId('similar-photo');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toBe('“Pool small” looks like “Pool”, already in the gallery');
    await user.click(within(rows[0]!).getByRole('button', { name: 'Open “Pool”' }));
    expect(onOpen).toHaveBeenCalledWith(1);
  });

  it('shows nothing when no photo is flagged or the other one is gone', () => {
    renderInApp(<SimilarPhotos photos={[photo(2, { similar_to: 99 })]} onOpen={() => undefined} />);
    expect(screen.queryByTestId('similar-photos')).toBeNull();
  });
});
