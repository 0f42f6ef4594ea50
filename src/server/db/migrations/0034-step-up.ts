import type { Kysely } from 'kysely';

/**
 * Step-up for sensitive actions (features/auth/step-up.ts): when the session last gave a fresh
 * proof of who is using it (the password at sign-in, or the password or two-factor code asked
 * again). Sessions issued before this have none: their first sensitive action asks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_tokens').addColumn('proved_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_tokens').dropColumn('proved_at').execute();
}
