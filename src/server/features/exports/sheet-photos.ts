import type { SheetImage } from '../../../shared/fact-sheet/index.js';
import type { Language } from '../../../shared/i18n/languages.js';
import { formatDate } from '../../../shared/i18n/format.js';
import { attributionOf } from '../../../shared/photo-rights.js';
import { bool } from '../../db/tables.js';
import { t } from '../../i18n/index.js';
import type { Services } from '../../services.js';
import { holdBackReason, todayOf, type PhotoRow } from '../photos/index.js';

/** Which photos a fact sheet prints (its featured photo and the first of its gallery) and their captions. */

/** Photos on the photo page of a sheet (the whole gallery goes as a zip, not in a PDF). */
export const SHEET_PHOTOS = 8;

export interface PhotoChoice {
  /** Which photos may appear (default all that may leave the account). */
  photos?: (row: PhotoRow) => boolean;
  /** The hotel's own download of its own sheet: photos held back by their rights stay in it. */
  keepHeldBack?: boolean;
}

/** Where a sheet's images are named and their stored files noted (SheetAssets). */
interface Assets {
  add(name: string, key: string, caption?: string | null): SheetImage;
}

/**
 * The credit a photo's licence requires is printed in its caption (CC BY and its variants); in
 * the hotel's own sheet, which keeps held-back photos, the caption says that one is and why.
 */
function captionOf(choice: PhotoChoice, language: Language, today: string) {
  const heldNote = (p: PhotoRow): string | null => {
    if (!choice.keepHeldBack) return null;
    const reason = holdBackReason(p, today);
    if (reason === 'not-passed-on') return t(language, 'sheet.photo_held_not_passed_on');
    if (reason === 'licence-ended')
      return t(language, 'sheet.photo_held_licence_ended', {
        date: formatDate(language, p.licence_ends ?? today),
      });
    return null;
  };
  return (p: PhotoRow) =>
    [p.alt ?? p.name, attributionOf(p.credit, p.licence), heldNote(p)].filter(Boolean).join(' · ') || null;
}

/** The sheet's featured photo (the gallery's featured one, else its first) and the gallery's first photos after it. */
export async function sheetPhotos(
  services: Services,
  propertyId: number,
  language: Language,
  choice: PhotoChoice,
  assets: Assets,
): Promise<{ featured: SheetImage | undefined; gallery: SheetImage[] }> {
  const db = services.db.kysely;
  const chosen = choice.photos ?? (() => true);
  const today = todayOf(services);
  const allowed = (p: PhotoRow) => chosen(p) && (choice.keepHeldBack === true || holdBackReason(p, today) === null);
  let photoQuery = db
    .selectFrom('photos')
    .selectAll()
    .where('property_id', '=', propertyId)
    .orderBy('sequence')
    .orderBy('id');
  if (!choice.photos && choice.keepHeldBack) photoQuery = photoQuery.limit(SHEET_PHOTOS + 1);
  const photos = (await photoQuery.execute()).filter(allowed);
  const caption = captionOf(choice, language, today);
  const featuredStored =
    photos.find((p) => bool(p.featured)) ??
    (await db
      .selectFrom('photos')
      .selectAll()
      .where('property_id', '=', propertyId)
      .where('featured', '=', true)
      .executeTakeFirst());
  const featuredRow = (featuredStored && allowed(featuredStored) ? featuredStored : undefined) ?? photos[0];
  const featured = featuredRow
    ? assets.add(`photo-${featuredRow.id}-display.jpg`, featuredRow.display_key, caption(featuredRow))
    : undefined;
  const gallery = photos
    .filter((p) => p.id !== featuredRow?.id)
    .slice(0, SHEET_PHOTOS)
    .map((p) => assets.add(`photo-${p.id}-thumbnail.jpg`, p.thumbnail_key, caption(p)));
  return { featured, gallery };
}
