import { XMLBuilder } from 'fast-xml-parser';
import { OTA_CODE_MAX } from '../mapping/index.js';

/**
 * OTA documents (OpenTravel 2015A) as the official schemas take them: one writer, and text as
 * their types take it. Their string types carry lengths that receivers enforce
 * (StringLength1to16 for codes, 1to32, 1to64, 1to128 for names...), counted in characters (code
 * points, not UTF-16 units); XML 1.0 carries no C0 control other than tab, LF and CR, no lone
 * surrogate and neither U+FFFE nor U+FFFF.
 */

// Everything XML 1.0 cannot carry (its Char production), lone surrogates included.
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text without the characters XML 1.0 cannot carry. */
export const xmlSafe = (s: string): string => s.replace(NOT_XML, '');

/** Length as XML Schema counts it: characters (code points). */
export const charLength = (s: string): number => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/**
 * Free text (a name, a caption) for an attribute or element of at most `max` characters: what XML
 * cannot carry dropped, runs of white space made one space (an attribute's line breaks become
 * spaces in any parser anyway), cut with an ellipsis when longer. undefined when nothing is left,
 * so an optional attribute is left out instead of sent empty (minLength 1).
 */
export function fitText(value: string | null | undefined, max: number): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = xmlSafe(value).replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  const chars = [...text];
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** Long free text for an element (DescriptiveText, Text): what XML cannot carry dropped, line breaks kept; undefined when blank. */
export function blockText(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = xmlSafe(value).trim();
  return text || undefined;
}

/**
 * An identifier sent as it is or not at all: a code is never shortened or cleaned (a receiver
 * matching on it would find another hotel or room). Usable when 1..max characters with nothing
 * XML cannot carry, no tab or line break (an attribute parser turns those into spaces) and no
 * white space around it (a save trims codes; many parsers trim values).
 */
export function usableCode(code: string | null | undefined, max = OTA_CODE_MAX): code is string {
  if (!code) return false;
  if (xmlSafe(code) !== code || /[\t\n\r]/.test(code) || code.trim() !== code) return false;
  return charLength(code) <= max;
}

/** Why a code is not in a document (ASCII: it also goes in a Warning header). */
export const codeLeftOut = (what: string): string =>
  `${what} is left out: its code is longer than the ${OTA_CODE_MAX} characters OTA allows (or holds characters XML cannot carry); shorten it in your mapping`;

/** Why the hotel's own code of a room is not in a document (ASCII, for a Warning header too). */
export const ownCodeLeftOut = (what: string): string =>
  `${what} (your room's override code) is left out: it is longer than the ${OTA_CODE_MAX} characters OTA allows, or has spaces around it or characters XML cannot carry; correct it in the room's facts`;

export const OTA_NS = 'http://www.opentravel.org/OTA/2003/05';

/** The one XML writer of OTA documents: attributes as `@_Name` (escaped), empty elements self-closed, indented. */
export function otaBuilder(): XMLBuilder {
  // suppressBooleanAttributes off: an attribute "true" is written with its value (XML has no bare attributes).
  return new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    suppressEmptyNode: true,
    suppressBooleanAttributes: false,
    format: true,
  });
}
