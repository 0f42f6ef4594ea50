import { noContent, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { bool } from '../../db/tables.js';
import { consumeLink, consumeLinkWithPassword, createLink, invalidLink } from './links.js';
import { activationMail, recipientLanguage, resetMail } from './mails.js';
import { findUserByEmail, findUserById } from './users.js';
import { decodeUid } from './secrets.js';

export function linkHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  return {
    async authActivation(ctx) {
      const id = decodeUid(ctx.body.uid);
      const user = id === undefined ? undefined : await findUserById(db, id);
      // An active account answers as an invalid link does: the answer never tells which ids are active.
      if (user && bool(user.is_active)) throw invalidLink();
      const userId = await consumeLink(services, ctx.body.uid, ctx.body.token, 'activation');
      await db
        .updateTable('users')
        .set({ is_active: true })
        .where('id', '=', userId)
        .where('deactivated_at', 'is', null)
        .execute();
      return noContent();
    },

    async authResendActivation(ctx) {
      // Always 204: the answer never tells whether an address has an account.
      const user = await findUserByEmail(db, ctx.body.email);
      if (user && !bool(user.is_active) && !user.deactivated_at) {
        await services.mail.send(
          activationMail(
            user.email,
            user.first_name,
            await createLink(services, user.id, 'activation'),
            recipientLanguage(user),
          ),
        );
      }
      return noContent();
    },

    async authResetPassword(ctx) {
      const user = await findUserByEmail(db, ctx.body.email);
      if (user && bool(user.is_active)) {
        await services.mail.send(
          resetMail(user.email, user.first_name, await createLink(services, user.id, 'reset'), recipientLanguage(user)),
        );
      }
      return noContent();
    },

    async authResetPasswordConfirm(ctx) {
      const { userId, passwordHash } = await consumeLinkWithPassword(services, ctx.body, 'reset');
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, last_password_change: services.clock.now().toISOString() })
        .where('id', '=', userId)
        .execute();
      await db.deleteFrom('auth_tokens').where('user_id', '=', userId).execute();
      return noContent();
    },
  };
}
