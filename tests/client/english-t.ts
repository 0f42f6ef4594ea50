import { readFileSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Translate } from '../../src/client/i18n';

/** The client's t() over the English catalogue, for unit tests of functions that put words together. */
const english = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../locales/en/messages.json'), 'utf8'),
) as Record<string, string>;

export const englishT: Translate = (key, values) =>
  String(new IntlMessageFormat(english[key] ?? key, 'en-GB').format(values));
