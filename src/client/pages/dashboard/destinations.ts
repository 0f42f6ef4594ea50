import type { MenuKey } from '../../session/menu-items';
import type { MessageKey } from '../../../shared/i18n/messages';

/** What each menu destination is for, in a line (the dashboard's cards): its catalogue key. */
export const DESTINATION_TEXT: Record<Exclude<MenuKey, 'portfolio' | 'bulk-edit' | 'fact-reviews'>, MessageKey> = {
  dashboard: 'dashboard.dest_dashboard',
  'add-property': 'dashboard.dest_add_property',
  'property-facts': 'dashboard.dest_property_facts',
  'property-photos': 'dashboard.dest_property_photos',
  'fact-sheet': 'dashboard.dest_fact_sheet',
  mapping: 'dashboard.dest_mapping',
  stopsale: 'dashboard.dest_stopsale',
  export: 'dashboard.dest_export',
  'to-export': 'dashboard.dest_to_export',
  profile: 'dashboard.dest_profile',
  settings: 'dashboard.dest_settings',
  'authorized-users': 'dashboard.dest_authorized_users',
  partners: 'dashboard.dest_partners',
  'dev-tools': 'dashboard.dest_dev_tools',
};
