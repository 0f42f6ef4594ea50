import type { MailMessage } from '../../plugins/mail.js';
import { t } from '../../i18n/index.js';
import { DEFAULT_LANGUAGE, toLanguage, type Language } from '../../../shared/i18n/languages.js';

/**
 * The account mails, in the recipient's language (their profile's `language`, English when the
 * portal does not speak it: recipientLanguage).
 */
/** The language a user reads mail in: their profile's, English when the portal does not speak it. */
export const recipientLanguage = (user: { language: string }): Language =>
  toLanguage(user.language) ?? DEFAULT_LANGUAGE;

const greeting = (lang: Language, firstName: string) =>
  firstName ? t(lang, 'mail.greeting', { name: firstName }) : t(lang, 'mail.greeting_plain');

const mail = (to: string, subject: string, lang: Language, firstName: string, body: string): MailMessage => ({
  to,
  subject,
  text: `${greeting(lang, firstName)}\n\n${body}\n`,
});

export function activationMail(to: string, firstName: string, link: string, lang: Language): MailMessage {
  return mail(to, t(lang, 'mail.activation.subject'), lang, firstName, t(lang, 'mail.activation.body', { link }));
}

export function resetMail(to: string, firstName: string, link: string, lang: Language): MailMessage {
  return mail(to, t(lang, 'mail.reset.subject'), lang, firstName, t(lang, 'mail.reset.body', { link }));
}

export function invitationMail(
  to: string,
  firstName: string,
  owner: string,
  link: string,
  lang: Language,
): MailMessage {
  const subject = t(lang, 'mail.invitation.subject', { owner });
  return mail(to, subject, lang, firstName, t(lang, 'mail.invitation.body', { owner, link }));
}

/** An owner's invitation: the link leads to a page where the new team member chooses a password. */
export function teamInvitationMail(
  to: string,
  firstName: string,
  owner: string,
  link: string,
  lang: Language,
): MailMessage {
  const subject = t(lang, 'mail.invitation.subject', { owner });
  return mail(to, subject, lang, firstName, t(lang, 'mail.team_invitation.body', { owner, link }));
}
