import { useSession } from '../../session/session';
import { usePermissionFlags } from '../../session/use-menu';

export interface FactsAccess {
  /** Save sections, list rows, publish (owner, or the `facts` flag). */
  facts: boolean;
  /** Add, edit and delete properties (owner, or the `properties` flag). */
  properties: boolean;
}

/** What the signed-in user may change; undefined while a sub-user's flags load. */
export function useFactsAccess(): FactsAccess | undefined {
  const user = useSession()?.user;
  const flags = usePermissionFlags();
  if (!user || !flags) return undefined;
  const owner = typeof user.manager !== 'number';
  return { facts: owner || flags.facts === true, properties: owner || flags.properties === true };
}
