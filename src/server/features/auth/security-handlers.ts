import { conflict, fieldError, notFound } from '../../plugins/errors.js';
import { caller, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { verifyPassword } from './passwords.js';
import {
  BAD_CODE,
  findTwoFactor,
  newEnrolment,
  newRecoveryCodes,
  recoveryCodeHash,
  sealSecret,
  totpStep,
} from './two-factor.js';
import { findUserById } from './users.js';
import { markProved } from './step-up.js';

/** The signed-in user's own security: sessions and two-factor sign-in. */
export function securityHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  return {
    async authSessionsList(ctx) {
      const auth = caller(ctx);
      const rows = await db
        .selectFrom('auth_tokens')
        .select(['id', 'created_at', 'last_used_at', 'expires_at', 'client_ip', 'user_agent'])
        .where('user_id', '=', auth.user.id)
        .where('expires_at', '>', services.clock.now().toISOString())
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return ok(
        rows.map((r) => ({
          id: r.id,
          created_at: r.created_at,
          last_used_at: r.last_used_at,
          expires_at: r.expires_at,
          ip: r.client_ip,
          user_agent: r.user_agent,
          current: r.id === auth.tokenId,
        })),
      );
    },

    async authSessionDelete(ctx) {
      const auth = caller(ctx);
      const row = await db
        .selectFrom('auth_tokens')
        .select(['id', 'client_ip', 'user_agent'])
        .where('id', '=', ctx.params.id)
        .where('user_id', '=', auth.user.id)
        .executeTakeFirst();
      if (!row) throw notFound();
      await db.deleteFrom('auth_tokens').where('id', '=', row.id).execute();
      const where = [row.client_ip, row.user_agent?.slice(0, 80)].filter(Boolean).join(', ');
      await recordAudit(services, actorOf(auth, ctx.ip), {
        kind: 'account',
        action: 'session-end',
        subject: 'session',
        subjectId: row.id,
        summary: `Ended a session${where ? ` (${where})` : ''}`,
      });
      return noContent();
    },

    async authTwoFactorStatus(ctx) {
      const auth = caller(ctx);
      const row = await findTwoFactor(services, auth.user.id);
      const left = row?.enabled_at
        ? Number(
            (
              await db
                .selectFrom('recovery_codes')
                .select((eb) => eb.fn.countAll().as('n'))
                .where('user_id', '=', auth.user.id)
                .where('used_at', 'is', null)
                .executeTakeFirst()
            )?.n ?? 0,
          )
        : 0;
      return ok({ enabled: !!row?.enabled_at, enabled_at: row?.enabled_at ?? null, recovery_codes_left: left });
    },

    async authTwoFactorEnrol(ctx) {
      const auth = caller(ctx);
      if ((await findTwoFactor(services, auth.user.id))?.enabled_at)
        throw conflict('Two-factor sign-in is on already; turn it off first to use another app.');
      const enrolment = await newEnrolment(auth.user.email);
      const values = {
        secret: sealSecret(services, auth.user.id, enrolment.secret),
        enabled_at: null,
        last_step: null,
        created_at: services.clock.now().toISOString(),
      };
      // One statement: a new key replaces a pending one, never an enabled one (a parallel confirm may have won).
      const stored = await db
        .insertInto('two_factor')
        .values({ user_id: auth.user.id, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values).where('two_factor.enabled_at', 'is', null))
        .returning('user_id')
        .executeTakeFirst();
      if (!stored) throw conflict('Two-factor sign-in is on already; turn it off first to use another app.');
      return ok(enrolment);
    },

    async authTwoFactorConfirm(ctx) {
      const auth = caller(ctx);
      const row = await findTwoFactor(services, auth.user.id);
      if (!row) throw conflict('Start with POST api/auth/two-factor/enrol/ to get a key for your app.');
      if (row.enabled_at) throw conflict('Two-factor sign-in is on already.');
      const stored = row.storedSecret;
      const step = await totpStep(services, row.secret, ctx.body.code, null);
      if (step === undefined) throw fieldError('code', BAD_CODE);
      const codes = newRecoveryCodes();
      const now = services.clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        // Only the pending key this code was checked against: a parallel confirm or a new enrolment wins otherwise.
        const enabled = await trx
          .updateTable('two_factor')
          .set({ enabled_at: now, last_step: step })
          .where('user_id', '=', auth.user.id)
          .where('enabled_at', 'is', null)
          .where('secret', '=', stored)
          .returning('user_id')
          .executeTakeFirst();
        if (!enabled) throw conflict('Two-factor sign-in changed meanwhile; reload the page.');
        await trx.deleteFrom('recovery_codes').where('user_id', '=', auth.user.id).execute();
        await trx
          .insertInto('recovery_codes')
          .values(codes.map((c) => ({ user_id: auth.user.id, code_hash: recoveryCodeHash(c), used_at: null })))
          .execute();
        await recordAudit(
          services,
          actorOf(auth, ctx.ip),
          {
            kind: 'account',
            action: 'two-factor-on',
            subject: 'user',
            subjectId: auth.user.id,
            summary: 'Turned two-factor sign-in on',
          },
          trx,
        );
      });
      // The code just checked is a proof with the new factor: sensitive changes need no second ask right after.
      await markProved(services, auth.tokenId);
      return ok({ recovery_codes: codes });
    },

    async authTwoFactorDisable(ctx) {
      const auth = caller(ctx);
      const user = await findUserById(db, auth.user.id);
      if (!user || !(await verifyPassword(user.password_hash, ctx.body.current_password)))
        throw fieldError('current_password', 'Invalid password.');
      const row = await findTwoFactor(services, auth.user.id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('two_factor').where('user_id', '=', auth.user.id).execute();
        await trx.deleteFrom('recovery_codes').where('user_id', '=', auth.user.id).execute();
        if (row?.enabled_at) {
          await recordAudit(
            services,
            actorOf(auth, ctx.ip),
            {
              kind: 'account',
              action: 'two-factor-off',
              subject: 'user',
              subjectId: auth.user.id,
              summary: 'Turned two-factor sign-in off',
            },
            trx,
          );
        }
      });
      return noContent();
    },
  };
}
