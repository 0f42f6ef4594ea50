/** Who is looking at the menu: enough of the user info and permission flags to decide. */
export interface MenuViewer {
  accountType: 'accommodation' | 'to';
  /** null for an account owner (a manager); the owner's id for an authorized user. */
  manager: number | null;
}

/** The flags of an authorized user that the menu follows (spec 000 §6). */
export interface MenuFlags {
  properties?: boolean;
  photos?: boolean;
  developer_tools?: boolean;
}

export type MenuKey =
  | 'dashboard'
  | 'add-property'
  | 'property-facts'
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
  label: string;
  route: string;
  shown: (viewer: MenuViewer, flags: MenuFlags) => boolean;
  /**
   * An entry the spec lists for everyone whose page needs a flag: an authorized user without it
   * sees the entry disabled, with this reason, rather than a link to a page that refuses.
   */
  needs?: { flag: keyof MenuFlags; reason: string };
  /** Set by visibleMenu: why the entry is shown disabled. */
  disabled?: string;
}

/** Spec 000 §6: a manager is a user whose manager field is not a number. */
export const isManager = (viewer: MenuViewer): boolean => typeof viewer.manager !== 'number';

const everyone = () => true;
const accommodation = (v: MenuViewer) => v.accountType === 'accommodation';
const operator = (v: MenuViewer) => v.accountType === 'to';
const accommodationWith = (flag: keyof MenuFlags) => (v: MenuViewer, f: MenuFlags) =>
  accommodation(v) && (isManager(v) || f[flag] === true);

/** The side menu, exactly as spec 000 §2's table: entry, route, who sees it. */
export const MENU_ITEMS: readonly MenuItem[] = [
  { key: 'dashboard', label: 'Dashboard', route: '/', shown: everyone },
  { key: 'add-property', label: 'Add Property', route: '/add-property', shown: accommodationWith('properties') },
  { key: 'property-facts', label: 'Add Facts Info', route: '/property-facts', shown: accommodation },
  { key: 'property-photos', label: 'Add Photos', route: '/property-photos', shown: accommodationWith('photos') },
  { key: 'fact-sheet', label: 'Fact Sheet', route: '/fact-sheet', shown: operator },
  { key: 'mapping', label: 'Data Mapping', route: '/mapping', shown: operator },
  { key: 'stopsale', label: 'Availability Chart', route: '/property-stopsale', shown: accommodationWith('properties') },
  { key: 'export', label: 'Export Center', route: '/exportcentre', shown: accommodationWith('properties') },
  { key: 'to-export', label: 'Export Center', route: '/toexportcentre', shown: (v) => operator(v) && isManager(v) },
  { key: 'profile', label: 'User Profile', route: '/user-profile', shown: everyone },
  { key: 'settings', label: 'Settings', route: '/user-settings', shown: isManager },
  { key: 'authorized-users', label: 'Authorized users', route: '/authorized-users', shown: isManager },
  // The spec lists these two without a condition: everyone signed in sees them.
  { key: 'partners', label: 'Partners', route: '/partners', shown: everyone },
  {
    key: 'dev-tools',
    label: 'Developers tools',
    route: '/dev-tools',
    shown: everyone,
    needs: { flag: 'developer_tools', reason: 'Needs the developer tools permission: ask your account owner.' },
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
