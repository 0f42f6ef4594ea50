import type { MailMessage } from '../../plugins/mail.js';

function greeting(firstName: string): string {
  return firstName ? `Hello ${firstName},` : 'Hello,';
}

export function activationMail(to: string, firstName: string, link: string): MailMessage {
  return {
    to,
    subject: 'Activate your Ananas account',
    text: `${greeting(firstName)}\n\nWelcome to Ananas. Open this link to activate your account:\n\n${link}\n\nThe link works for 3 days. If you did not sign up, ignore this mail.\n`,
  };
}

export function resetMail(to: string, firstName: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Ananas password',
    text: `${greeting(firstName)}\n\nSomeone (hopefully you) asked to reset your Ananas password. Open this link to choose a new one:\n\n${link}\n\nThe link works once, for 1 hour. If you did not ask, ignore this mail: your password stays as it is.\n`,
  };
}

export function invitationMail(to: string, firstName: string, ownerName: string, link: string): MailMessage {
  return {
    to,
    subject: `${ownerName} invited you to Ananas`,
    text: `${greeting(firstName)}\n\n${ownerName} added you as an authorized user of their Ananas account. Open this link to activate your access:\n\n${link}\n\nThe link works for 3 days.\n`,
  };
}

/** An owner's invitation: the link leads to a page where the new team member chooses a password. */
export function teamInvitationMail(to: string, firstName: string, ownerName: string, link: string): MailMessage {
  return {
    to,
    subject: `${ownerName} invited you to Ananas`,
    text: `${greeting(firstName)}\n\n${ownerName} invited you to work on their Ananas account as an authorized user. Open this link to choose your password and sign in:\n\n${link}\n\nThe link works once, for 3 days. If you did not expect this invitation, ignore this mail.\n`,
  };
}
