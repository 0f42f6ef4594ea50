/** A photo's three files (original, display, thumbnail) made and stored under one key stem: the gallery's and the operators' own uploads. */
import type { Services } from '../../services.js';
import { extensionOf, processPhoto, type InspectedPhoto, type ProcessedPhoto } from './images.js';
import { VARIANTS, type Variant } from './variants.js';

/**
 * Processes the photo and stores each variant under `stem` (each key pushed on `stored` before it
 * is written, so a failed upload can remove what it stored).
 */
export async function storeVariants(
  services: Services,
  photo: InspectedPhoto,
  stem: string,
  stored: string[],
): Promise<{ processed: ProcessedPhoto; keys: Record<Variant, string> }> {
  const processed = await processPhoto(photo);
  const keys: Record<Variant, string> = {
    original: `${stem}-original.${extensionOf(processed.format)}`,
    display: `${stem}-display.jpg`,
    thumbnail: `${stem}-thumbnail.jpg`,
  };
  for (const variant of VARIANTS) {
    stored.push(keys[variant]);
    await services.storage.put(keys[variant], processed[variant]);
  }
  return { processed, keys };
}
