import type { OverrideReviewPageWire } from '../../../shared/generated/wire-types.js';
import { notFound } from '../../plugins/errors.js';
import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { requireOperatorAccess, pageOf, PAGE_SIZE, offsetOf } from '../partners/index.js';
import { keyOf, requirePhoto, VARIANTS, type Variant } from '../photos/index.js';
import { requireProperty } from '../properties/index.js';
import { allowanceOf } from './allowance.js';
import { markSeen, operatorFactSheet } from './fact-sheet.js';
import { decideOverride, overrideState, overrideWires, saveOverrides } from './overrides.js';
import { photoReleases, saveReleases } from './photo-releases.js';
import { operatorPhotos } from './photos.js';
import {
  decideOwnPhoto,
  deleteOwnPhoto,
  ownKeyOf,
  ownPhotoWires,
  requireOwnPhoto,
  uploadOwnPhotos,
  type OwnPhotoRow,
} from './own-photos.js';
import { latestPublication } from '../publications/index.js';
import { operatorSheetChoice, operatorSheetPdf, tellHotelOfDownload } from './sheet-pdf.js';

const contentTypeOf = (format: string): string => (format === 'jpeg' ? 'image/jpeg' : `image/${format}`);

/** One file of an operator's own photo. */
async function ownImageOf(
  services: Services,
  ctx: { params: { variant: string }; reply: { header(k: string, v: string): unknown } },
  row: OwnPhotoRow,
) {
  const variant = ctx.params.variant as Variant;
  if (!VARIANTS.includes(variant)) throw notFound();
  const file = await services.storage.open(ownKeyOf(row, variant));
  if (!file) throw notFound();
  ctx.reply.header('cache-control', 'private, max-age=3600');
  ctx.reply.header('content-length', String(file.size));
  return {
    status: 200,
    file: file.stream,
    contentType: variant === 'original' ? contentTypeOf(row.format) : 'image/jpeg',
  } as const;
}

/** The tour operator's workspace: its fact sheets, overrides with the hotel's moderation, photo releases. */
export function operatorHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  const ownImage = (ctx: Parameters<typeof ownImageOf>[1], row: OwnPhotoRow) => ownImageOf(services, ctx, row);
  return {
    async operatorFactSheet(ctx) {
      const auth = caller(ctx);
      const access = await requireOperatorAccess(services, auth, ctx.params.id);
      return ok(await operatorFactSheet(services, auth, access, ctx.query));
    },

    async operatorFactSheetPdf(ctx) {
      const auth = caller(ctx);
      const access = await requireOperatorAccess(services, auth, ctx.params.id);
      if (!(await latestPublication(db, access.propertyId))) return noContent();
      const pdf = await operatorSheetPdf(
        services,
        access,
        await operatorSheetChoice(services, auth.user.id, access, ctx.query),
      );
      await tellHotelOfDownload(services, auth, access, 'downloaded');
      ctx.reply.header('cache-control', 'no-store');
      return {
        status: 200,
        file: pdf,
        contentType: 'application/pdf',
        filename: `fact-sheet-${access.propertyId}.pdf`,
      };
    },

    async operatorFactSheetSeen(ctx) {
      const access = await requireOperatorAccess(services, caller(ctx), ctx.params.id);
      const publication = await latestPublication(db, access.propertyId);
      if (publication) await markSeen(services, access, publication.number);
      return noContent();
    },

    async operatorFactSheetPhoto(ctx) {
      const access = await requireOperatorAccess(services, caller(ctx), ctx.params.id);
      const variant = ctx.params.variant as Variant;
      if (!VARIANTS.includes(variant)) throw notFound();
      const photo = await requirePhoto(db, access.propertyId, ctx.params.photoId);
      if (!(await operatorPhotos(db, access)).some((p) => p.id === photo.id)) throw notFound();
      const file = await services.storage.open(keyOf(photo, variant));
      if (!file) throw notFound();
      ctx.reply.header('cache-control', 'private, max-age=3600').header('content-length', String(file.size));
      return {
        status: 200,
        file: file.stream,
        contentType: variant === 'original' ? contentTypeOf(photo.format) : 'image/jpeg',
      };
    },

    async overrideAllowance(ctx) {
      const access = await requireOperatorAccess(services, caller(ctx), ctx.body.hotel);
      return ok((await allowanceOf(services, access)).wire);
    },

    async overrideGet(ctx) {
      const access = await requireOperatorAccess(services, caller(ctx), ctx.params.id);
      return ok(await overrideState(services, access));
    },

    async overrideCreate(ctx) {
      const auth = caller(ctx);
      const access = await requireOperatorAccess(services, auth, ctx.body.hotel);
      await saveOverrides(services, auth, ctx.ip, access, ctx.body);
      return created(await overrideState(services, access));
    },

    async overrideReviews(ctx) {
      const auth = caller(ctx);
      const page = ctx.query.page ?? 1;
      const status = ctx.query.status ?? 'pending';
      let q = db
        .selectFrom('overrides')
        .innerJoin('properties as p', 'p.id', 'overrides.property_id')
        .where('p.account_id', '=', auth.accountId);
      if (auth.properties !== 'all')
        q = auth.properties.length ? q.where('p.id', 'in', [...auth.properties]) : q.where('p.id', '=', -1);
      if (ctx.query.property) q = q.where('p.id', '=', ctx.query.property);
      q =
        status === 'all'
          ? q.where('overrides.status', 'in', ['pending', 'approved', 'rejected'])
          : q.where('overrides.status', '=', status);
      const count = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
      const rows = await q
        .selectAll('overrides')
        .orderBy('overrides.created_at', 'desc')
        .orderBy('overrides.id', 'desc')
        .limit(PAGE_SIZE)
        .offset(offsetOf(page))
        .execute();
      const page_: OverrideReviewPageWire = pageOf(
        services,
        'api/partners/override-reviews/',
        page,
        count,
        await overrideWires(services, rows),
        { status, property: ctx.query.property },
      );
      return ok(page_);
    },

    async overrideDecide(ctx) {
      const auth = caller(ctx);
      const row = await db.selectFrom('overrides').selectAll().where('id', '=', ctx.params.id).executeTakeFirst();
      if (!row) throw notFound();
      await requireProperty(services, auth, row.property_id);
      const decided = await decideOverride(services, auth, ctx.ip, row, ctx.body.decision, ctx.body.comment ?? '');
      return ok((await overrideWires(services, [decided]))[0]!);
    },

    async operatorOwnPhotoUpload(ctx) {
      const auth = caller(ctx);
      const access = await requireOperatorAccess(services, auth, ctx.params.id);
      return created(
        await ownPhotoWires(services, await uploadOwnPhotos(services, auth, ctx.ip, access, ctx.files, ctx.body)),
      );
    },

    async operatorOwnPhotoDelete(ctx) {
      const auth = caller(ctx);
      const access = await requireOperatorAccess(services, auth, ctx.params.id);
      await deleteOwnPhoto(
        services,
        auth,
        ctx.ip,
        await requireOwnPhoto(db, access.propertyId, ctx.params.photoId, access.operatorAccountId),
      );
      return noContent();
    },

    async operatorOwnPhotoImage(ctx) {
      const access = await requireOperatorAccess(services, caller(ctx), ctx.params.id);
      return ownImage(ctx, await requireOwnPhoto(db, access.propertyId, ctx.params.photoId, access.operatorAccountId));
    },

    async partnerPhotosList(ctx) {
      const rows = await db
        .selectFrom('operator_photos')
        .selectAll()
        .where('property_id', '=', ctx.params.id)
        .orderBy('status', 'asc')
        .orderBy('id', 'desc')
        .execute();
      // Waiting for approval first, then the newest.
      rows.sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'));
      return ok(await ownPhotoWires(services, rows));
    },

    async partnerPhotoImage(ctx) {
      return ownImage(ctx, await requireOwnPhoto(db, ctx.params.id, ctx.params.photoId));
    },

    async partnerPhotoDecide(ctx) {
      const row = await requireOwnPhoto(db, ctx.params.id, ctx.params.photoId);
      const decided = await decideOwnPhoto(
        services,
        caller(ctx),
        ctx.ip,
        row,
        ctx.body.decision,
        ctx.body.comment ?? '',
      );
      return ok((await ownPhotoWires(services, [decided]))[0]!);
    },

    async photoReleasesGet(ctx) {
      return ok(await photoReleases(services, ctx.params.id));
    },

    async photoReleasesSave(ctx) {
      await saveReleases(services, caller(ctx), ctx.ip, ctx.params.id, ctx.body.operator, ctx.body.photos);
      return ok(await photoReleases(services, ctx.params.id));
    },
  };
}
