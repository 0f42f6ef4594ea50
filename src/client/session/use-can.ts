import type { PermissionsWire } from '../../shared/generated/wire-types';
import { usePermissionFlags } from './use-menu';
import { useSession } from './session';

/** A permission flag of spec 000 §3 (wire name). */
export type PermissionFlag = Exclude<keyof PermissionsWire, 'id' | 'user' | 'role' | 'properties_allowed'>;

/** Who is signed in, as the settings pages ask it: the owner, and whether a flag is held. */
export interface Abilities {
  owner: boolean;
  /** The account owner's id (the owner's own, or the manager of an authorized user). */
  accountId: number;
  /** Owners hold every flag; an authorized user the ones given (none until they arrive). */
  can(flag: PermissionFlag): boolean;
}

export function useAbilities(): Abilities | undefined {
  const user = useSession()?.user;
  const flags = usePermissionFlags() as Partial<Record<PermissionFlag, boolean>> | undefined;
  if (!user) return undefined;
  const owner = typeof user.manager !== 'number';
  return { owner, accountId: owner ? user.id : (user.manager as number), can: (flag) => owner || flags?.[flag] === true };
}
