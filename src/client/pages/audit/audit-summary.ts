import type { MessageKey, MessageValues } from '../../../shared/i18n/messages';
import type { Translate } from '../../i18n';

/** Which value of a summary is a fact section's English title (translated with the section's texts). */
type Part = 'name' | 'section' | 'count' | 'revision' | 'version' | 'email';

/**
 * The server records each event's one-line summary once, in English, with the names it was about
 * ("Added property "Sol Playa"", "Main info updated (version 3)"). The common ones are read back
 * here into the interface's language: each English form, its key and its values; a fact section's
 * title by the section's own texts. A summary not listed is shown as recorded.
 */
const ANY: readonly (readonly [RegExp, MessageKey, readonly Part[]])[] = [
  [/^Signed in$/, 'audit.summary_signed_in', []],
  [/^Signed in with a recovery code$/, 'audit.summary_signed_in_recovery', []],
  [/^Signed in with a two-factor code$/, 'audit.summary_signed_in_code', []],
  [/^Added property "(.+)"$/, 'audit.summary_property_added', ['name']],
  [/^Edited property "(.+)"$/, 'audit.summary_property_edited', ['name']],
  [/^Deleted property "(.+)"$/, 'audit.summary_property_deleted', ['name']],
  [/^Published "(.+)"$/, 'audit.summary_published', ['name']],
  [/^Downloaded the fact sheet of "(.+)"$/, 'audit.summary_sheet_downloaded', ['name']],
  [/^Uploaded (\d+) photos?$/, 'audit.summary_photos_uploaded', ['count']],
  [/^Edited photo "(.+)"$/, 'audit.summary_photo_edited', ['name']],
  [/^Deleted photo "(.+)"$/, 'audit.summary_photo_deleted', ['name']],
  [/^Featured photo "(.+)"$/, 'audit.summary_photo_featured', ['name']],
  [/^Reordered the gallery \((\d+) photos\)$/, 'audit.summary_gallery_reordered', ['count']],
  [/^Added the company details$/, 'audit.summary_company_added', []],
  [/^Edited the company details$/, 'audit.summary_company_edited', []],
  [/^Set the preferences$/, 'audit.summary_preferences', []],
  [/^Set the photo channels$/, 'audit.summary_photo_channels', []],
  [/^Created the widget$/, 'audit.summary_widget_created', []],
  [/^Edited the widget appearance$/, 'audit.summary_widget_edited', []],
  [/^Changed the password \(other sessions ended\)$/, 'audit.summary_password', []],
  [/^Changed the e-mail address$/, 'audit.summary_email', []],
  [/^Turned two-factor sign-in on$/, 'audit.summary_two_factor_on', []],
  [/^Turned two-factor sign-in off$/, 'audit.summary_two_factor_off', []],
  [/^Invited (.+) as an authorized user$/, 'audit.summary_member_invited', ['email']],
  [/^Edited authorized user (.+)$/, 'audit.summary_member_edited', ['email']],
  [/^Removed authorized user (.+)$/, 'audit.summary_member_removed', ['email']],
];

/** A fact section's saves (events of kind facts and rows), named by the section's title. */
const SECTION: readonly (readonly [RegExp, MessageKey, readonly Part[]])[] = [
  [
    /^(.+) restored from revision (\d+) \(version (\d+)\)$/,
    'audit.summary_section_restored',
    ['section', 'revision', 'version'],
  ],
  [/^(.+) updated \(version (\d+)\)$/, 'audit.summary_section_updated', ['section', 'version']],
  [/^(.+) created$/, 'audit.summary_section_created', ['section']],
  [
    /^(.+) list restored from revision (\d+) \((\d+)\)$/,
    'audit.summary_list_restored',
    ['section', 'revision', 'count'],
  ],
  [/^(.+) list saved \((\d+)\)$/, 'audit.summary_list_saved', ['section', 'count']],
  [/^(.+) deleted$/, 'audit.summary_row_deleted', ['section']],
];

/**
 * An event's summary in the interface's language; `section(english)` names the event's fact
 * section (its subject) by its translated title.
 */
export function summaryWords(
  t: Translate,
  event: { kind: string; summary: string },
  section: (english: string) => string,
): string {
  const forms = event.kind === 'facts' || event.kind === 'rows' ? [...SECTION, ...ANY] : ANY;
  for (const [pattern, key, parts] of forms) {
    const m = pattern.exec(event.summary);
    if (!m) continue;
    const values: MessageValues = {};
    parts.forEach((part, i) => {
      const text = m[i + 1] ?? '';
      if (part === 'section') values.section = section(text);
      else if (part === 'count' || part === 'revision' || part === 'version') values[part] = Number(text);
      else values[part] = text;
    });
    return t(key, values);
  }
  return event.summary;
}
