import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { toUserWire } from './users.js';
import {
  changeEmail,
  changePassword,
  deactivateAccount,
  me,
  register,
  updateProfile,
  type StartCompanyDetails,
} from './account-changes.js';

export type { StartCompanyDetails } from './account-changes.js';

export function accountHandlers(services: Services, startCompanyDetails: StartCompanyDetails): HandlerMap {
  return {
    async authRegister(ctx) {
      return created(await register(services, ctx.body, ctx.auth, startCompanyDetails));
    },

    async authUsersMe(ctx) {
      return ok(toUserWire(await me(services, caller(ctx))));
    },

    async authProfileUpdate(ctx) {
      return ok(await updateProfile(services, caller(ctx), ctx.body));
    },

    // djoser's own profile calls, beside the spec's PATCH api/auth/profile/update.
    async authUsersMePut(ctx) {
      return ok(await updateProfile(services, caller(ctx), ctx.body));
    },

    async authUsersMePatch(ctx) {
      return ok(await updateProfile(services, caller(ctx), ctx.body));
    },

    async authSetPassword(ctx) {
      await changePassword(services, caller(ctx), ctx.ip, ctx.body);
      return noContent();
    },

    async authSetEmail(ctx) {
      await changeEmail(services, caller(ctx), ctx.ip, ctx.body);
      return noContent();
    },

    async authDeactivate(ctx) {
      await deactivateAccount(services, caller(ctx), ctx.body.current_password);
      return noContent();
    },
  };
}
