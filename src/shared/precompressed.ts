/**
 * The client files the build stores precompressed beside themselves (name.br, name.gz) and the
 * server answers with Content-Encoding and Vary: Accept-Encoding. Text only: fonts (woff2) and
 * images are compressed formats already.
 */
export const PRECOMPRESSED = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;

/** Smaller files are sent as they are: the encoding saves less than its headers and the work cost. */
export const PRECOMPRESS_MIN_BYTES = 1024;
