import type { MessageKey } from '../../shared/i18n/messages';

/** Who is looking at the menu: enough of the user info and permission flags to decide. */
export interface MenuViewer {
  accountType: 'accommodation' | 'to';
  /** null for an account owner (a manager); the owner's id for an authorized user. */
  manager: number | null;
}

/** The flags of an authorized user that the menu follows (spec 000 §6). */
export interface MenuFlags {
  properties?: boolean;
  facts?: boolean;
  photos?: boolean;
  developer_tools?: boolean;
}

export type MenuKey =
  | 'dashboard'
  | 'add-property'
  | 'property-facts'
  | 'portfolio'
  | 'bulk-edit'
  | 'fact-reviews'
  | 'property-photos'
  | 'fact-sheet'
  | 'mapping'
  | 'stopsale'
  | 'export'
  | 'to-export'
  | 'profile'
  | 'settings'
  | 'authorized-users'
  | 'partners'
  | 'dev-tools';

export interface MenuItem {
  key: MenuKey;
  /** The entry's words, as a message key (the side menu says them in the interface's language). */
  label: MessageKey;
  route: string;
  shown: (viewer: MenuViewer, flags: MenuFlags) => boolean;
  /**
   * An entry the spec lists for everyone whose page needs a flag: an authorized user without it
   * sees the entry disabled, with this reason, rather than a link to a page that refuses.
   */
  needs?: { flag: keyof MenuFlags; reason: MessageKey };
  /** Set by visibleMenu: why the entry is shown disabled. */
  disabled?: MessageKey;
  /**
   * An entry beyond the spec's table (issue 38 §3: pages a hotel works in daily that only links
   * reached). The dashboard's destination cards keep to the spec's table: they are its map.
   */
  beyondSpec?: true;
}

/** Spec 000 §6: a manager is a user whose manager field is not a number. */
export const isManager = (viewer: MenuViewer): boolean => typeof viewer.manager !== 'number';

const everyone = () => true;
const accommodation = (v: MenuViewer) => v.accountType === 'accommodation';
const operator = (v: MenuViewer) => v.accountType === 'to';
const accommodationWith = (flag: keyof MenuFlags) => (v: MenuViewer, f: MenuFlags) =>
  accommodation(v) && (isManager(v) || f[flag] === true);

/**
 * The side menu: spec 000 §2's table (entry, route, who sees it), with the hotel's portfolio, bulk
 * edit and fact reviews after its facts entry (marked beyondSpec).
 */
export const MENU_ITEMS: readonly MenuItem[] = [
  { key: 'dashboard', label: 'shell.nav_dashboard', route: '/', shown: everyone },
  {
    key: 'add-property',
    label: 'shell.nav_add_property',
    route: '/add-property',
    shown: accommodationWith('properties'),
  },
  { key: 'property-facts', label: 'shell.nav_property_facts', route: '/property-facts', shown: accommodation },
  {
    key: 'portfolio',
    label: 'facts.portfolio',
    route: '/property-portfolio',
    shown: accommodation,
    beyondSpec: true,
  },
  // Bulk edit writes facts: an authorized user without the facts flag would only meet refusals.
  {
    key: 'bulk-edit',
    label: 'facts.bulk_edit',
    route: '/bulk-edit',
    shown: accommodationWith('facts'),
    beyondSpec: true,
  },
  {
    key: 'fact-reviews',
    label: 'operator.fact_reviews',
    route: '/fact-reviews',
    shown: accommodation,
    beyondSpec: true,
  },
  {
    key: 'property-photos',
    label: 'shell.nav_property_photos',
    route: '/property-photos',
    shown: accommodationWith('photos'),
  },
  { key: 'fact-sheet', label: 'shell.nav_fact_sheet', route: '/fact-sheet', shown: operator },
  { key: 'mapping', label: 'shell.nav_mapping', route: '/mapping', shown: operator },
  { key: 'stopsale', label: 'shell.nav_stopsale', route: '/property-stopsale', shown: accommodationWith('properties') },
  { key: 'export', label: 'shell.nav_export', route: '/exportcentre', shown: accommodationWith('properties') },
  { key: 'to-export', label: 'shell.nav_export', route: '/toexportcentre', shown: (v) => operator(v) && isManager(v) },
  { key: 'profile', label: 'shell.nav_profile', route: '/user-profile', shown: everyone },
  { key: 'settings', label: 'shell.nav_settings', route: '/user-settings', shown: isManager },
  { key: 'authorized-users', label: 'shell.nav_authorized_users', route: '/authorized-users', shown: isManager },
  // The spec lists these two without a condition: everyone signed in sees them.
  { key: 'partners', label: 'shell.nav_partners', route: '/partners', shown: everyone },
  {
    key: 'dev-tools',
    label: 'shell.nav_dev_tools',
    route: '/dev-tools',
    shown: everyone,
    needs: { flag: 'developer_tools', reason: 'shell.nav_needs_dev_tools' },
  },
];

/**
 * The entries a viewer sees. An authorized user's flags may still be loading (undefined): until
 * they arrive, only the entries that need no flag show, never more than allowed.
 */
export function visibleMenu(viewer: MenuViewer, flags: MenuFlags | undefined): MenuItem[] {
  return MENU_ITEMS.filter((item) => item.shown(viewer, flags ?? {})).map((item) =>
    item.needs && !isManager(viewer) && flags?.[item.needs.flag] !== true
      ? { ...item, disabled: item.needs.reason }
      : item,
  );
}
