import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../src/shared/generated/client-types';
import { DashboardLayout } from '../../../src/client/pages/dashboard/dashboard-layout';
import { sessionStore } from '../../../src/client/session/session';
import { renderInApp } from '../render';

const owner = { id: 7, email: 'owner@hotel.example', firstName: 'Olga', accountType: 'accommodation', manager: null };

/** The screen is at least MUI's lg breakpoint wide (1200 px), or not. */
function screenIsWide(wide: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: wide === query.includes('min-width'),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

function draw() {
  renderInApp(
    <DashboardLayout
      user={owner as unknown as User}
      kind="accommodation"
      intro="Intro"
      reports={<div data-testid="reports">Reports</div>}
      panels={[
        { title: 'Contracts waiting on you', content: 'one contract', acts: true },
        { title: 'Partners’ changes to review', content: 'one change', acts: true },
        { title: 'Photos', content: '6 of 25' },
      ]}
    />,
  );
}

/** The dashboard's parts in document order (what reading and the tab key follow). */
function order(): string[] {
  const parts = [
    screen.getByRole('region', { name: 'Contracts waiting on you' }),
    screen.getByRole('region', { name: 'Partners’ changes to review' }),
    screen.getByTestId('reports'),
    screen.getByTestId('destination-cards'),
    screen.getByRole('region', { name: 'Photos' }),
  ];
  const names = ['contracts', 'reviews', 'reports', 'links', 'photos'];
  return parts
    .map((el, i) => ({ el, name: names[i]! }))
    .sort((a, b) => (a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
    .map((p) => p.name);
}

/** Issue 38 §3: on a phone what waits on the user comes first, not under ten quick links. */
describe('the dashboard layout', () => {
  beforeEach(() => sessionStore.save('token', owner as unknown as User));
  afterEach(() => sessionStore.clear());

  it('below a wide screen: the panels that wait on the user, then the reports, the quick links and the rest', () => {
    screenIsWide(false);
    draw();
    expect(order()).toEqual(['contracts', 'reviews', 'reports', 'links', 'photos']);
  });

  it('on a wide screen: reports and quick links on the left, every panel on the right', () => {
    screenIsWide(true);
    draw();
    expect(order()).toEqual(['reports', 'links', 'contracts', 'reviews', 'photos']);
  });
});
