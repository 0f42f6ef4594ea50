import { describe, expect, it } from 'vitest';
import English from '../../locales/en/messages.json';
import { MENU_ITEMS, visibleMenu, type MenuFlags, type MenuViewer } from '../../src/client/session/menu-items';

// The menu holds message keys; the side menu shows them in the interface's language (English here).
const labels = (viewer: MenuViewer, flags?: MenuFlags) =>
  visibleMenu(viewer, flags).map((i) => `${English[i.label]} ${i.route}`);

const ownerAccommodation: MenuViewer = { accountType: 'accommodation', manager: null };
const ownerOperator: MenuViewer = { accountType: 'to', manager: null };
const subAccommodation: MenuViewer = { accountType: 'accommodation', manager: 12 };
const subOperator: MenuViewer = { accountType: 'to', manager: 12 };

describe('side menu (spec 000 §2 table, §6 rules)', () => {
  it('has exactly the spec table, in order, besides the entries marked beyond it', () => {
    expect(MENU_ITEMS.filter((i) => i.beyondSpec).map((i) => [English[i.label], i.route])).toEqual([
      ['Portfolio', '/property-portfolio'],
      ['Bulk edit', '/bulk-edit'],
      ['Fact reviews', '/fact-reviews'],
    ]);
    expect(MENU_ITEMS.filter((i) => !i.beyondSpec).map((i) => [English[i.label], i.route])).toEqual([
      ['Dashboard', '/'],
      ['Add Property', '/add-property'],
      ['Add Facts Info', '/property-facts'],
      ['Add Photos', '/property-photos'],
      ['Fact Sheet', '/fact-sheet'],
      ['Data Mapping', '/mapping'],
      ['Availability Chart', '/property-stopsale'],
      ['Export Center', '/exportcentre'],
      ['Export Center', '/toexportcentre'],
      ['User Profile', '/user-profile'],
      ['Settings', '/user-settings'],
      ['Authorized users', '/authorized-users'],
      ['Partners', '/partners'],
      ['Developers tools', '/dev-tools'],
    ]);
  });

  it('accommodation owner: every accommodation entry and the manager entries', () => {
    expect(labels(ownerAccommodation)).toEqual([
      'Dashboard /',
      'Add Property /add-property',
      'Add Facts Info /property-facts',
      'Portfolio /property-portfolio',
      'Bulk edit /bulk-edit',
      'Fact reviews /fact-reviews',
      'Add Photos /property-photos',
      'Availability Chart /property-stopsale',
      'Export Center /exportcentre',
      'User Profile /user-profile',
      'Settings /user-settings',
      'Authorized users /authorized-users',
      'Partners /partners',
      'Developers tools /dev-tools',
    ]);
  });

  it('tour-operator owner: operator entries, its export centre and the manager entries', () => {
    expect(labels(ownerOperator)).toEqual([
      'Dashboard /',
      'Fact Sheet /fact-sheet',
      'Data Mapping /mapping',
      'Export Center /toexportcentre',
      'User Profile /user-profile',
      'Settings /user-settings',
      'Authorized users /authorized-users',
      'Partners /partners',
      'Developers tools /dev-tools',
    ]);
  });

  it('authorized accommodation user without flags: only what needs no flag and no manager', () => {
    const expected = [
      'Dashboard /',
      'Add Facts Info /property-facts',
      'Portfolio /property-portfolio',
      'Fact reviews /fact-reviews',
      'User Profile /user-profile',
      'Partners /partners',
      'Developers tools /dev-tools',
    ];
    expect(labels(subAccommodation, {})).toEqual(expected);
    expect(labels(subAccommodation, { properties: false, photos: false })).toEqual(expected);
    // Flags still loading: never more than allowed.
    expect(labels(subAccommodation, undefined)).toEqual(expected);
  });

  it('authorized accommodation user with properties: Add Property, Availability Chart, Export Center', () => {
    expect(labels(subAccommodation, { properties: true })).toEqual([
      'Dashboard /',
      'Add Property /add-property',
      'Add Facts Info /property-facts',
      'Portfolio /property-portfolio',
      'Fact reviews /fact-reviews',
      'Availability Chart /property-stopsale',
      'Export Center /exportcentre',
      'User Profile /user-profile',
      'Partners /partners',
      'Developers tools /dev-tools',
    ]);
  });

  it('authorized accommodation user with photos: Add Photos only', () => {
    expect(labels(subAccommodation, { photos: true })).toEqual([
      'Dashboard /',
      'Add Facts Info /property-facts',
      'Portfolio /property-portfolio',
      'Fact reviews /fact-reviews',
      'Add Photos /property-photos',
      'User Profile /user-profile',
      'Partners /partners',
      'Developers tools /dev-tools',
    ]);
  });

  it('authorized accommodation user with the facts flag: Bulk edit too', () => {
    expect(labels(subAccommodation, { facts: true }).slice(0, 5)).toEqual([
      'Dashboard /',
      'Add Facts Info /property-facts',
      'Portfolio /property-portfolio',
      'Bulk edit /bulk-edit',
      'Fact reviews /fact-reviews',
    ]);
  });

  it('authorized tour-operator user: no export centre, no manager entries, flags change nothing', () => {
    const expected = [
      'Dashboard /',
      'Fact Sheet /fact-sheet',
      'Data Mapping /mapping',
      'User Profile /user-profile',
      'Partners /partners',
      'Developers tools /dev-tools',
    ];
    expect(labels(subOperator, {})).toEqual(expected);
    expect(labels(subOperator, { properties: true, photos: true })).toEqual(expected);
  });

  it('an authorized user without the developer tools permission sees that entry disabled with the reason, not a link to a refusal', () => {
    const devtools = (flags?: MenuFlags) => visibleMenu(subAccommodation, flags).find((i) => i.key === 'dev-tools');
    const reason = devtools({})?.disabled;
    expect(reason && English[reason]).toBe('Needs the developer tools permission: ask your account owner.');
    expect(devtools(undefined)?.disabled).toBeDefined();
    expect(devtools({ developer_tools: true })?.disabled).toBeUndefined();
    expect(visibleMenu(ownerAccommodation, {}).find((i) => i.key === 'dev-tools')?.disabled).toBeUndefined();
  });

  it('a manager is a user whose manager field is not a number (0 is a number)', () => {
    expect(labels({ accountType: 'accommodation', manager: 0 }, {})).not.toContain('Settings /user-settings');
  });
});
