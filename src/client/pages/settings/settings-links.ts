import type { Abilities } from '../../session/use-can';

export interface SettingsLink {
  title: string;
  text: string;
  route: string;
  /** Who finds the page useful: anyone, the owner, or a holder of a flag. */
  shown(a: Abilities): boolean;
}

const everyone = () => true;
const owner = (a: Abilities) => a.owner;

/** The settings pages (spec 000 §2), grouped as the hub shows them. */
export const SETTINGS_GROUPS: readonly { title: string; links: readonly SettingsLink[] }[] = [
  {
    title: 'Company',
    links: [
      {
        title: 'Company details',
        text: 'Name, contacts, logo and links partners see.',
        route: '/edit-companydetails',
        shown: everyone,
      },
      {
        title: 'Public profile',
        text: 'Your company as partners see it.',
        route: '/portfolio/:account',
        shown: everyone,
      },
      {
        title: 'Mailing lists and contacts',
        text: 'The groups fact sheets and charts are mailed to.',
        route: '/mailing-lists',
        shown: everyone,
      },
    ],
  },
  {
    title: 'Preferences',
    links: [
      {
        title: 'Preferences and appearance',
        text: 'Partners, audit trail sharing, theme, layout and sidebar colour.',
        route: '/edit-preference',
        shown: everyone,
      },
      {
        title: 'Export layout',
        text: 'The style of PDF fact sheets and the API.',
        route: '/edit-layoutsettings',
        shown: everyone,
      },
      { title: 'Notifications', text: 'What the bell tells you about.', route: '/edit-notifications', shown: everyone },
      {
        title: 'Mailing details',
        text: 'Where notifications are mailed, and which mails you get.',
        route: '/edit-mailingdetails',
        shown: everyone,
      },
    ],
  },
  {
    title: 'Team and security',
    links: [
      {
        title: 'Authorized users',
        text: 'Invite your team and choose what each may do.',
        route: '/authorized-users',
        shown: owner,
      },
      {
        title: 'Security',
        text: 'Password, e-mail, sessions and two-factor sign-in.',
        route: '/edit-securitysettings',
        shown: everyone,
      },
      {
        title: 'Audit trail',
        text: 'Every change in the account, with who, when and what.',
        route: '/audit-trail',
        shown: everyone,
      },
    ],
  },
  {
    title: 'Plan',
    links: [
      {
        title: 'Premium account',
        text: 'Your plan and your upgrade requests.',
        route: '/premium-account',
        shown: everyone,
      },
      { title: 'Plans', text: 'What Free and Premium allow.', route: '/packageitem', shown: everyone },
      {
        title: 'Upgrade',
        text: 'Ask for Premium (no card details here).',
        route: '/edit-paymentdetails',
        shown: (a) => a.can('premium_subscription'),
      },
    ],
  },
];

/** The hub's links for a viewer, with the public profile pointing at the viewer's account. */
export function settingsLinksFor(a: Abilities): { title: string; links: SettingsLink[] }[] {
  return SETTINGS_GROUPS.map((g) => ({
    title: g.title,
    links: g.links
      .filter((l) => l.shown(a))
      .map((l) => ({ ...l, route: l.route.replace(':account', String(a.accountId)) })),
  })).filter((g) => g.links.length > 0);
}
