import type { PermissionFlag, PermissionFlags } from '../session/use-menu';

/**
 * Who a signed-in page is for, beyond being signed in: one account type, the account owner, or
 * an authorized user holding a permission flag. The pages' own calls answer 403 otherwise; the
 * route says so first, so the page never opens to make a call the server refuses.
 */
export interface Audience {
  type?: 'accommodation' | 'to';
  owner?: true;
  flag?: PermissionFlag;
}

export interface AudienceViewer {
  accountType: 'accommodation' | 'to';
  /** null for an account owner; the owner's id for an authorized user. */
  manager: number | null;
}

/** What a refused person reads, flag by flag: the permission in the owner's words. */
const FLAG_WORDS: Partial<Record<PermissionFlag, string>> = {
  properties: 'properties',
  photos: 'photos',
  developer_tools: 'developer tools',
  export: 'export',
  partner_connections: 'partner connections',
};

/**
 * Why this viewer may not open the page (null: they may). `flags` undefined while an authorized
 * user's flags load: 'pending' until they arrive, never more than allowed.
 */
export function refusal(
  audience: Audience | undefined,
  viewer: AudienceViewer,
  flags: PermissionFlags | undefined,
): string | null | 'pending' {
  if (!audience) return null;
  if (audience.type && audience.type !== viewer.accountType) {
    return audience.type === 'to'
      ? 'This page is for tour operators: it shows the hotels their contracts cover.'
      : 'This page is for hotels: it works on their own properties.';
  }
  const owner = typeof viewer.manager !== 'number';
  if (owner) return null;
  if (audience.owner) return 'Only the account owner opens this page.';
  if (!audience.flag) return null;
  if (!flags) return 'pending';
  if (flags[audience.flag] === true) return null;
  return `This page needs the ${FLAG_WORDS[audience.flag] ?? audience.flag.replace(/_/g, ' ')} permission: ask your account owner.`;
}
