import { checkPhotoRules, type ChannelVerdict, type RulePhoto } from '../../../shared/photo-rules/check';
import { PHOTO_CHANNELS } from '../../../shared/photo-rules/channels';
import type { PhotoRuleSet } from '../../../shared/photo-rules/check';
import type { GalleryRoom, Photo } from './gallery-api';

export interface ChannelView {
  rules: PhotoRuleSet;
  verdict: ChannelVerdict;
}

/**
 * Each channel's verdict on the gallery, as the readiness report makes it on the server (the same
 * shared function over the same data): photos held back by their rights never reach a channel, so
 * they count for none.
 */
export function channelViews(
  photos: readonly Photo[],
  rooms: readonly GalleryRoom[],
  channels: readonly PhotoRuleSet[] = PHOTO_CHANNELS,
): ChannelView[] {
  const going: RulePhoto[] = photos
    .filter((p) => p.held_back === null)
    .map((p) => ({
      id: p.id,
      width: p.width,
      height: p.height,
      bytes: p.bytes,
      format: p.format,
      room: p.room,
      featured: p.featured,
    }));
  const roomIds = rooms.map((r) => r.id);
  return channels.map((rules) => ({ rules, verdict: checkPhotoRules(going, roomIds, rules) }));
}
