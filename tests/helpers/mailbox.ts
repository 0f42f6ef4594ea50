import type { Mailer, MailMessage } from '../../src/server/plugins/mail.js';

/** Captures mail in memory (the SMTP and outbox transports have tests of their own). */
export class Mailbox implements Mailer {
  readonly messages: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.messages.push(message);
  }
  to(address: string): MailMessage[] {
    return this.messages.filter((m) => m.to.toLowerCase() === address.toLowerCase());
  }
  /** The last link of a kind (activate, reset) mailed to an address, as {uid, token}. */
  link(address: string, kind: 'activate' | 'reset'): { url: string; uid: string; token: string } {
    const pattern =
      kind === 'activate'
        ? /\/auth\/activate\/([^/\s]+)\/([^/\s]+)/
        : /\/auth\/password\/reset\/confirm\/([^/\s]+)\/([^/\s]+)/;
    for (const m of [...this.to(address)].reverse()) {
      const match = pattern.exec(m.text);
      if (match) return { url: match[0], uid: match[1]!, token: match[2]! };
    }
    throw new Error(`no ${kind} link mailed to ${address}`);
  }
}
