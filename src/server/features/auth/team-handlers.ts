import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { teamRows } from './team-store.js';
import {
  acceptInvitation,
  editMember,
  inviteMember,
  removeMember,
  teamRow,
  toAuthorizedUserWire,
} from './team-changes.js';

/** The owner's team: list, invite, edit (including the active flag), remove; and accepting an invitation. */
export function teamHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  return {
    async authAuthorizedUsersList(ctx) {
      return ok((await teamRows(db, caller(ctx).accountId)).map(toAuthorizedUserWire));
    },

    async authAuthorizedUserGet(ctx) {
      return ok(toAuthorizedUserWire(await teamRow(db, caller(ctx), ctx.params.id)));
    },

    async authAuthorizedUserInvite(ctx) {
      return created(await inviteMember(services, caller(ctx), ctx.ip, ctx.body));
    },

    async authAuthorizedUserUpdate(ctx) {
      return ok(await editMember(services, caller(ctx), ctx.ip, ctx.body));
    },

    async authAuthorizedUserDelete(ctx) {
      await removeMember(services, caller(ctx), ctx.ip, ctx.params.id);
      return noContent();
    },

    async authInvitationAccept(ctx) {
      await acceptInvitation(services, ctx.body, ctx.ip);
      return noContent();
    },
  };
}
