import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { createMailer, type Mailer } from '../../src/server/plugins/mail.js';

/** One message as the SMTP server received it, per recipient of its envelope. */
export interface Received {
  to: string;
  raw: string;
}

/**
 * A local SMTP server (smtp-server, no TLS, no auth) and the app's real SMTP mailer pointed at it:
 * what a mail server receives, headers encoded and all. `parsed(to)` reads the mails to one address.
 */
export interface SmtpInbox {
  /** `smtp://127.0.0.1:<port>`: for a server process's SMTP_URL. */
  url: string;
  mailer: Mailer;
  received: Received[];
  parsed(to: string): Promise<{ subject: string; text: string }[]>;
  close(): Promise<void>;
}

export interface SmtpInboxOptions {
  /** Recipients refused for good (550 at RCPT TO), asked at each mail. */
  refuses?: (address: string) => boolean;
  /**
   * Asked once a mail's data is in, before the server answers: return `true` to answer it yourself
   * later through `answer` (an error: the sender sees the connection fail; nothing is recorded as
   * received), as a server that dies mid-mail does. `false`: received and answered at once.
   */
  holds?: (to: readonly string[], answer: (error?: Error) => void) => boolean;
}

export async function startSmtpInbox(options: SmtpInboxOptions = {}): Promise<SmtpInbox> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, done) {
      if (!options.refuses?.(address.address)) return done();
      const refusal = new Error('No such mailbox') as Error & { responseCode: number };
      refusal.responseCode = 550;
      done(refusal);
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        if (options.holds?.(to, done)) return;
        for (const address of to) received.push({ to: address, raw: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  const mailer = createMailer({
    smtpUrl: url,
    from: 'Ananas <no-reply@ananas.test>',
    outboxDir: '/nonexistent',
    log: Fastify({ logger: false }).log,
  });
  return {
    url,
    mailer,
    received,
    async parsed(to) {
      const mine = received.filter((m) => m.to.toLowerCase() === to.toLowerCase());
      return Promise.all(
        mine.map(async (m) => {
          const mail = await PostalMime.parse(m.raw);
          return { subject: mail.subject ?? '', text: mail.text ?? '' };
        }),
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
