/** The sizes a photo is kept in: the upload, the display copy and the thumbnail. */
export const VARIANTS = ['original', 'display', 'thumbnail'] as const;
export type Variant = (typeof VARIANTS)[number];
