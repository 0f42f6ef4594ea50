import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** A font file inside an npm package (TrueType: Typst reads TTF/OTF, not the woff2 web fonts). */
const FONT_FILES = [
  // Noto Sans: Latin, Cyrillic (Russian), Greek, Vietnamese.
  ['@expo-google-fonts/noto-sans', '400Regular/NotoSans_400Regular.ttf'],
  ['@expo-google-fonts/noto-sans', '700Bold/NotoSans_700Bold.ttf'],
  // Vazirmatn: Arabic script (Persian) and Latin.
  ['vazirmatn', 'fonts/ttf/Vazirmatn-Regular.ttf'],
  ['vazirmatn', 'fonts/ttf/Vazirmatn-Bold.ttf'],
  // Noto Emoji (monochrome, so it prints in any ink): emoji hotels put in titles and names. One
  // weight is enough; bold text takes the regular glyphs rather than an empty box.
  ['@expo-google-fonts/noto-emoji', '400Regular/NotoEmoji_400Regular.ttf'],
] as const;

/**
 * The font files every printed document may use, from the npm packages the project installs (so
 * every machine prints the same glyphs; the templates name these families and turn fallback to
 * other fonts off).
 */
export function fontFiles(): string[] {
  return FONT_FILES.map(([pkg, file]) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file));
}
