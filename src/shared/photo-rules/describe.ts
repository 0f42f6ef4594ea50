import { formatList, formatNumber } from '../i18n/format';
import type { Translator } from '../i18n/translator';
import type { CountProblem, PhotoProblem } from './check';

const MB = 1024 * 1024;

/** A format as people name it: JPEG, PNG... */
export const formatName = (format: string): string => format.toUpperCase();

/**
 * A broken rule in words, with its numbers, in the translator's language: "2,000 px on the long
 * edge, at least 2,880 px needed". `roomName` names the room type of a room type rule.
 */
export function describeProblem(tr: Translator, p: PhotoProblem | CountProblem, roomName = ''): string {
  const n = (v: number) => formatNumber(tr.language, v);
  const mb = (v: number) => formatNumber(tr.language, v / MB, { maximumFractionDigits: 1 });
  switch (p.code) {
    case 'min_width':
      return tr.text('photo-rules.min_width', { actual: n(p.actual), limit: n(p.limit) });
    case 'min_height':
      return tr.text('photo-rules.min_height', { actual: n(p.actual), limit: n(p.limit) });
    case 'max_width':
      return tr.text('photo-rules.max_width', { actual: n(p.actual), limit: n(p.limit) });
    case 'max_height':
      return tr.text('photo-rules.max_height', { actual: n(p.actual), limit: n(p.limit) });
    case 'min_long_edge':
      return tr.text('photo-rules.min_long_edge', { actual: n(p.actual), limit: n(p.limit) });
    case 'max_bytes':
      return tr.text('photo-rules.max_bytes', { actual: mb(p.actual), limit: mb(p.limit) });
    case 'format':
      return tr.text('photo-rules.format', {
        actual: formatName(p.actual),
        limit: formatList(tr.language, p.limit.map(formatName)),
      });
    case 'property_min':
      return tr.text('photo-rules.property_min', { count: p.actual, limit: n(p.limit) });
    case 'property_max':
      return tr.text('photo-rules.property_max', { count: p.actual, limit: n(p.limit) });
    case 'room_type_min':
      return tr.text('photo-rules.room_type_min', { room: roomName, count: p.actual, limit: n(p.limit) });
    case 'room_type_max':
      return tr.text('photo-rules.room_type_max', { room: roomName, count: p.actual, limit: n(p.limit) });
    case 'featured':
      return tr.text('photo-rules.featured');
  }
}
