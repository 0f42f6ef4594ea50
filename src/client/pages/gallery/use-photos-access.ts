import { useSession } from '../../session/session';
import { usePermissionFlags } from '../../session/use-menu';

/**
 * Whether the signed-in user may change photos: an accommodation owner, or an authorized user
 * with the photos flag (spec 000 §2, §6). Undefined while a sub-user's flags load; until then
 * the gallery is read-only.
 */
export function usePhotosAccess(): boolean | undefined {
  const user = useSession()?.user;
  const flags = usePermissionFlags();
  if (!user) return undefined;
  if (user.accountType !== 'accommodation') return false;
  if (typeof user.manager !== 'number') return true;
  return flags === undefined ? undefined : flags.photos === true;
}
