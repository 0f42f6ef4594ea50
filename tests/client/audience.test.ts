import { describe, expect, it } from 'vitest';
import { refusal } from '../../src/client/app/audience';
import { ROUTES } from '../../src/client/app/routes';

const hotelOwner = { accountType: 'accommodation', manager: null } as const;
const operatorOwner = { accountType: 'to', manager: null } as const;
const hotelMember = { accountType: 'accommodation', manager: 7 } as const;

describe('who a page is for (routes refuse before the page calls the server)', () => {
  it('an account of the other type is told whose page it is', () => {
    expect(refusal({ type: 'to' }, hotelOwner, {})).toMatch(/^This page is for tour operators/);
    expect(refusal({ type: 'accommodation' }, operatorOwner, {})).toMatch(/^This page is for hotels/);
    expect(refusal({ type: 'accommodation' }, hotelOwner, {})).toBeNull();
  });

  it('owners hold every flag; an authorized user needs the flag, and waits while the flags load', () => {
    const widget = { type: 'accommodation', flag: 'developer_tools' } as const;
    expect(refusal(widget, hotelOwner, undefined)).toBeNull();
    expect(refusal(widget, hotelMember, undefined)).toBe('pending');
    expect(refusal(widget, hotelMember, { developer_tools: false })).toBe(
      'This page needs the developer tools permission: ask your account owner.',
    );
    expect(refusal(widget, hotelMember, { developer_tools: true })).toBeNull();
    expect(refusal({ owner: true }, hotelMember, {})).toBe('Only the account owner opens this page.');
  });

  it("the route table names the operator's pages and the hotel's, so the other side never opens them", () => {
    const audience = (path: string) => ROUTES.find((r) => r.path === path)?.audience;
    for (const path of [
      '/fact-sheet',
      '/fact-sheet/:id',
      '/mapping',
      '/datamapping/:id',
      '/overridefact/:id',
      '/toexportcentre',
    ])
      expect(audience(path)?.type).toBe('to');
    for (const path of [
      '/add-property',
      '/property-facts',
      '/property/:id/:currentTab',
      '/main-facts',
      '/fact-reviews',
      '/display-widgets/:id',
    ])
      expect(audience(path)?.type).toBe('accommodation');
    expect(audience('/audit-trail')?.owner).toBe(true);
  });
});
