import { forbidden, notFound } from '../../plugins/errors.js';
import type { Ctx, HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { contentTypeOf } from './images.js';
import { photoUrlSigner, type SignedKind } from './signed-urls.js';
import { VARIANTS, type Variant } from './store.js';
import { signedFileOf } from './signed-files.js';

/**
 * The public routes behind signed photo URLs (signed-urls.ts). Who may see a photo was decided
 * when its URL was signed; here only the signature and expiry count. An expired URL answers 403
 * (the caller should list the photos again); any other refusal, a changed id, variant, expiry or
 * signature or a photo deleted since, answers 404 and never tells whether the id exists.
 */
export function signedPhotoHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  const signer = photoUrlSigner(services);

  const serve = (kind: SignedKind) =>
    async function (ctx: Ctx<'signedPhotoImage' | 'signedPartnerPhotoImage'>) {
      const variant = ctx.params.variant as Variant;
      const { expires, signature } = ctx.query;
      // Expiry first: it needs no lookup, and says nothing about the photo.
      if (expires <= services.clock.now().getTime() / 1000)
        throw forbidden('This photo link has expired: list the photos again for a fresh one.');
      if (!VARIANTS.includes(variant)) throw notFound();
      const found = await signedFileOf(db, kind, ctx.params.photoId, variant);
      if (!found || signer.check(kind, found.file, variant, expires, signature) !== 'ok') throw notFound();
      const file = await services.storage.open(found.file.key);
      if (!file) throw notFound();
      // The file under a key never changes: cacheable until the URL expires. Partners show these
      // URLs on their own pages, so other origins may embed them (the URL is the permission).
      const left = Math.max(0, expires - Math.floor(services.clock.now().getTime() / 1000));
      ctx.reply
        .header('cache-control', `private, max-age=${left}, immutable`)
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-length', String(file.size));
      return {
        status: 200,
        file: file.stream,
        contentType: variant === 'original' ? contentTypeOf(found.format) : 'image/jpeg',
      } as const;
    };

  return {
    signedPhotoImage: serve('photo'),
    signedPartnerPhotoImage: serve('partner-photo'),
  };
}
