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
  mailer: Mailer;
  received: Received[];
  parsed(to: string): Promise<{ subject: string; text: string }[]>;
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo)
          received.push({ to: r.address, raw: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Ananas <no-reply@ananas.test>',
    outboxDir: '/nonexistent',
    log: Fastify({ logger: false }).log,
  });
  return {
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
