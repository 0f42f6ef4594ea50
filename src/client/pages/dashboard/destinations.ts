import type { MenuKey } from '../../app/shell/menu-items';

/** What each menu destination is for, in a line (the dashboard's cards). */
export const DESTINATION_TEXT: Record<MenuKey, string> = {
  dashboard: 'Your overview.',
  'add-property': 'Add a property and its basic details.',
  'property-facts': 'Fill in the facts of your properties, section by section.',
  'property-photos': 'Upload and arrange the photos of your properties.',
  'fact-sheet': 'Read the fact sheets of your partner hotels.',
  mapping: 'Map hotel and room codes to your own codes.',
  stopsale: 'Keep the stop-sale availability chart up to date.',
  export: 'Send or download fact sheets, photos and calendars.',
  'to-export': 'Export the data of your partner hotels.',
  profile: 'Your name, e-mail, password and account.',
  settings: 'Company details, preferences, mailing lists and more.',
  'authorized-users': 'Invite colleagues and choose what they may do.',
  partners: 'Find partners and manage your contracts.',
  'dev-tools': 'API keys, IP whitelists and widgets.',
};
