import { usePermissionFlags, type PermissionFlag } from './use-menu';
import { useSession } from './session';

export type { PermissionFlag } from './use-menu';

/** Who is signed in, as the settings pages ask it: the owner, and whether a flag is held. */
export interface Abilities {
  owner: boolean;
  /** The account owner's id (the owner's own, or the manager of an authorized user). */
  accountId: number;
  /** Owners hold every flag; an authorized user the ones given (none until they arrive). */
  can(flag: PermissionFlag): boolean;
  /** The account's type (pages for one type only: a tour operator's photo channels). */
  accountType?: 'accommodation' | 'to';
}

export function useAbilities(): Abilities | undefined {
  const user = useSession()?.user;
  const flags = usePermissionFlags();
  if (!user) return undefined;
  const owner = typeof user.manager !== 'number';
  return {
    owner,
    accountId: owner ? user.id : (user.manager as number),
    can: (flag) => owner || flags?.[flag] === true,
    accountType: user.accountType,
  };
}
