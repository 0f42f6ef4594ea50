import { notFound } from '../../plugins/errors.js';
import { caller, created, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { ownerPermissionsWire } from './permissions-store.js';
import {
  changePermissions,
  createPermissions,
  permissionsWireOf,
  teamMember,
  type PropertyIdsCheck,
} from './permission-changes.js';

export type { PropertyIdsCheck } from './permission-changes.js';

export function permissionHandlers(services: Services, unknownProperties: PropertyIdsCheck): HandlerMap {
  const db = services.db.kysely;
  return {
    async authPermissionsGet(ctx) {
      const auth = caller(ctx);
      const userId = ctx.params.userId;
      if (userId === auth.user.id)
        return ok(auth.isOwner ? ownerPermissionsWire(userId) : await permissionsWireOf(db, userId));
      if (!auth.isOwner) throw notFound();
      await teamMember(db, auth, userId);
      return ok(await permissionsWireOf(db, userId));
    },

    async authPermissionsCreate(ctx) {
      const change = { auth: caller(ctx), ip: ctx.ip, body: ctx.body, unknownProperties };
      return created(await createPermissions(services, change));
    },

    async authPermissionsUpdate(ctx) {
      const change = { auth: caller(ctx), ip: ctx.ip, body: ctx.body, unknownProperties };
      return ok(await changePermissions(services, ctx.params.id, change));
    },
  };
}
