import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../../src/shared/generated/client-types';
import type { NextStepsWire, ReportDataWire } from '../../../src/shared/generated/wire-types';
import { HotelNextSteps } from '../../../src/client/pages/next-steps/next-steps-block';
import { sessionStore } from '../../../src/client/session/session';
import { answer, resetServer } from '../fake-server';
import { renderInApp } from '../render';

type Row = ReportDataWire['completeness'][number];

/** A property nothing blocks, in the given publish state. */
const property = (id: number, name: string, publish_state: Row['publish_state'], blocking: string[] = []): Row => ({
  property: id,
  property_name: name,
  published: publish_state !== 'draft',
  publish_state,
  percent: blocking.length ? 40 : 100,
  filled: 10,
  total: 10,
  blocking,
  link: `/property/${id}/general`,
});

/** Every first step done and no partner lacking anything: what the partners' lists alone would call "nothing to do". */
const settledSteps: NextStepsWire = {
  freshness_days: 180,
  getting_started: (['add_property', 'fill_facts', 'add_photos', 'publish'] as const).map((key) => ({
    key,
    title: key,
    done: true,
    link: '/',
  })),
  properties: [],
};

function waiting(count: number) {
  answer('POST', '/api/partners/my-contracts/', { count, next: null, previous: null, results: [] });
}

/** Issue 38 §1: "What to do next" agrees with the rest of the hotel's dashboard. */
describe("the hotel dashboard's What to do next", () => {
  beforeEach(() => {
    resetServer();
    answer('GET', '/api/reports/next-steps/', settledSteps);
    // The account's owner: answers contracts itself.
    sessionStore.save('token', { id: 7, email: 'owner@hotel.example', manager: null } as unknown as User);
  });
  afterEach(() => sessionStore.clear());

  it('names a contract waiting on the answer instead of saying there is nothing to do', async () => {
    waiting(1);
    renderInApp(<HotelNextSteps properties={[property(1, 'Olive Bay', 'published')]} />);
    const steps = await screen.findByTestId('hotel-next-steps');
    const line = await within(steps).findByRole('link', { name: '1 contract waits on your answer.' });
    expect(line.getAttribute('href')).toBe('/contract-details');
    expect(within(steps).queryByText(/Nothing to do/)).toBeNull();
  });

  it('lists a property to fill in, one to publish and one with saved changes, each leading to its editor', async () => {
    waiting(0);
    renderInApp(
      <HotelNextSteps
        properties={[
          property(1, 'Olive Bay', 'draft', ['Main info', 'Rooms']),
          property(2, 'Olive Hill', 'draft'),
          property(3, 'Olive Grove', 'changed'),
          property(4, 'Olive Point', 'published'),
        ]}
      />,
    );
    const steps = await screen.findByTestId('hotel-next-steps');
    const items = await within(steps).findAllByTestId('own-todo-item');
    expect(items.map((i) => i.textContent)).toEqual([
      'Olive Bay: fill in what publishing needs (Main info and Rooms)',
      'Olive Hill: ready to publish, partners see nothing until you do',
      'Olive Grove: publish your saved changes, partners still see the previous facts',
    ]);
    expect(within(items[2]!).getByRole('link').getAttribute('href')).toBe('/property/3/general');
    expect(within(steps).queryByText(/Nothing to do/)).toBeNull();
  });

  it('says there is nothing to do only when no contract waits and every property is live and up to date', async () => {
    waiting(0);
    renderInApp(<HotelNextSteps properties={[property(4, 'Olive Point', 'published')]} />);
    const steps = await screen.findByTestId('hotel-next-steps');
    await within(steps).findByText(/^Nothing to do/);
    expect(within(steps).queryAllByTestId('own-todo-item')).toEqual([]);
  });
});
