import type { PermissionFlag, PermissionFlags } from '../session/use-menu';
import type { MessageKey } from '../../shared/i18n/messages';
import { translate } from '../i18n/current';
import type { Translate } from '../i18n/use-t';

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
const FLAG_WORDS: Partial<Record<PermissionFlag, MessageKey>> = {
  properties: 'shell.permission_properties',
  photos: 'shell.permission_photos',
  developer_tools: 'shell.permission_developer_tools',
  export: 'shell.permission_export',
  partner_connections: 'shell.permission_partner_connections',
};

/**
 * Why this viewer may not open the page (null: they may). `flags` undefined while an authorized
 * user's flags load: 'pending' until they arrive, never more than allowed.
 */
export function refusal(
  audience: Audience | undefined,
  viewer: AudienceViewer,
  flags: PermissionFlags | undefined,
  t: Translate = translate,
): string | null | 'pending' {
  if (!audience) return null;
  if (audience.type && audience.type !== viewer.accountType) {
    return audience.type === 'to' ? t('shell.refusal_for_operators') : t('shell.refusal_for_hotels');
  }
  const owner = typeof viewer.manager !== 'number';
  if (owner) return null;
  if (audience.owner) return t('shell.refusal_owner_only');
  if (!audience.flag) return null;
  if (!flags) return 'pending';
  if (flags[audience.flag] === true) return null;
  const words = FLAG_WORDS[audience.flag];
  return t('shell.refusal_needs_permission', {
    permission: words ? t(words) : audience.flag.replace(/_/g, ' '),
  });
}
