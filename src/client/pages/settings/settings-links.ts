import type { MessageKey } from '../../../shared/i18n/messages';
import type { Abilities } from '../../session/use-can';

export interface SettingsLink {
  /** Message keys: the page puts them in the interface's language. */
  title: MessageKey;
  text: MessageKey;
  route: string;
  /** Who finds the page useful: anyone, the owner, or a holder of a flag. */
  shown(a: Abilities): boolean;
}

const everyone = () => true;
const owner = (a: Abilities) => a.owner;

/** The settings pages (spec 000 §2), grouped as the hub shows them. */
export const SETTINGS_GROUPS: readonly { title: MessageKey; links: readonly SettingsLink[] }[] = [
  {
    title: 'settings.group_company',
    links: [
      {
        title: 'settings.link_company_title',
        text: 'settings.link_company_text',
        route: '/edit-companydetails',
        shown: everyone,
      },
      {
        title: 'settings.link_public_profile_title',
        text: 'settings.link_public_profile_text',
        route: '/portfolio/:account',
        shown: everyone,
      },
      {
        title: 'settings.link_photo_channels_title',
        text: 'settings.link_photo_channels_text',
        route: '/edit-photochannels',
        shown: (a) => a.accountType === 'to',
      },
      {
        title: 'settings.link_mailing_lists_title',
        text: 'settings.link_mailing_lists_text',
        route: '/mailing-lists',
        shown: everyone,
      },
    ],
  },
  {
    title: 'settings.group_preferences',
    links: [
      {
        title: 'settings.link_preferences_title',
        text: 'settings.link_preferences_text',
        route: '/edit-preference',
        shown: everyone,
      },
      {
        title: 'settings.link_layout_title',
        text: 'settings.link_layout_text',
        route: '/edit-layoutsettings',
        shown: everyone,
      },
      {
        title: 'settings.link_notifications_title',
        text: 'settings.link_notifications_text',
        route: '/edit-notifications',
        shown: everyone,
      },
      {
        title: 'settings.link_mailing_details_title',
        text: 'settings.link_mailing_details_text',
        route: '/edit-mailingdetails',
        shown: everyone,
      },
    ],
  },
  {
    title: 'settings.group_team_security',
    links: [
      {
        title: 'settings.link_team_title',
        text: 'settings.link_team_text',
        route: '/authorized-users',
        shown: owner,
      },
      {
        title: 'settings.link_security_title',
        text: 'settings.link_security_text',
        route: '/edit-securitysettings',
        shown: everyone,
      },
      {
        title: 'settings.link_audit_title',
        text: 'settings.link_audit_text',
        route: '/audit-trail',
        shown: everyone,
      },
    ],
  },
  {
    title: 'settings.group_plan',
    links: [
      {
        title: 'settings.link_premium_title',
        text: 'settings.link_premium_text',
        route: '/premium-account',
        shown: everyone,
      },
      { title: 'settings.link_plans_title', text: 'settings.link_plans_text', route: '/packageitem', shown: everyone },
      {
        title: 'settings.link_upgrade_title',
        text: 'settings.link_upgrade_text',
        route: '/edit-paymentdetails',
        shown: (a) => a.can('premium_subscription'),
      },
    ],
  },
];

/** The hub's links for a viewer, with the public profile pointing at the viewer's account. */
export function settingsLinksFor(a: Abilities): { title: MessageKey; links: SettingsLink[] }[] {
  return SETTINGS_GROUPS.map((g) => ({
    title: g.title,
    links: g.links
      .filter((l) => l.shown(a))
      .map((l) => ({ ...l, route: l.route.replace(':account', String(a.accountId)) })),
  })).filter((g) => g.links.length > 0);
}
