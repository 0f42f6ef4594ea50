import type { PhotoChannelsWire } from '../../../shared/generated/wire-types.js';
import { caller, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { photoChannelsOf, setPhotoChannels } from './photo-channels.js';

/** A tour operator's photo channels (issue 40 §4): read by any member, set by the owner. */
export function photoChannelHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  const current = async (accountId: number): Promise<PhotoChannelsWire> => ({
    channels: (await photoChannelsOf(db, [accountId])).get(accountId) ?? [],
  });
  return {
    async settingsPhotoChannelsGet(ctx) {
      return ok(await current(caller(ctx).accountId));
    },
    async settingsPhotoChannelsEdit(ctx) {
      const auth = caller(ctx);
      await setPhotoChannels(services, auth, ctx.ip, await current(auth.accountId), ctx.body.channels);
      return ok(await current(auth.accountId));
    },
  };
}
