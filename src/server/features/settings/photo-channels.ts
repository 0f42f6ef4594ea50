import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { PHOTO_CHANNELS } from '../../../shared/photo-rules/channels.js';
import type { PhotoChannelsWire } from '../../../shared/generated/wire-types.js';
import type { AuthContext } from '../../routing/auth-context.js';
import { actorOf, diffDocuments, recordAudit } from '../audit/index.js';
import type { Services } from '../../services.js';

type Db = Kysely<Database>;

export type ChannelKey = PhotoChannelsWire['channels'][number];

/** A channel's place in schemas/partner-photo-rules.json: answers list channels in the file's order. */
const ORDER = new Map<string, number>(PHOTO_CHANNELS.map((c, i) => [c.key, i]));
const isChannel = (key: string): key is ChannelKey => ORDER.has(key);

/**
 * The channels each of `accountIds` passes its hotels' photos on to, in the rules file's order
 * (an account that never chose has none). A key the rules file no longer holds is left out: its
 * rules are gone, so nothing can be asked in its name.
 */
export async function photoChannelsOf(db: Db, accountIds: readonly number[]): Promise<Map<number, ChannelKey[]>> {
  const out = new Map<number, ChannelKey[]>(accountIds.map((id) => [id, []]));
  if (!accountIds.length) return out;
  const rows = await db
    .selectFrom('photo_channels')
    .select(['account_id', 'channel'])
    .where('account_id', 'in', [...new Set(accountIds)])
    .execute();
  for (const r of rows) if (isChannel(r.channel)) out.get(r.account_id)?.push(r.channel);
  for (const list of out.values()) list.sort((a, b) => ORDER.get(a)! - ORDER.get(b)!);
  return out;
}

const SCHEMA = 'settings/photo-channels.schema.json';

/**
 * Replaces the account's channels (validated by the route's schema: keys of the rules file, each
 * once); audited as the other settings are when anything changed.
 */
export async function setPhotoChannels(
  services: Services,
  auth: AuthContext,
  ip: string,
  before: PhotoChannelsWire,
  channels: readonly ChannelKey[],
): Promise<void> {
  const after = { channels: [...channels].sort((a, b) => ORDER.get(a)! - ORDER.get(b)!) };
  const changes = diffDocuments(services.schemas.resolved(SCHEMA), before, after);
  await services.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('photo_channels').where('account_id', '=', auth.accountId).execute();
    if (after.channels.length)
      await trx
        .insertInto('photo_channels')
        .values(after.channels.map((channel) => ({ account_id: auth.accountId, channel })))
        .execute();
    if (changes.length)
      await recordAudit(
        services,
        actorOf(auth, ip),
        { kind: 'settings', action: 'update', subject: 'photo-channels', summary: 'Set the photo channels', changes },
        trx,
      );
  });
}
