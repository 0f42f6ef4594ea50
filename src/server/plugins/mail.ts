import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
  /** A Message-ID of our own (e.g. the same on every attempt of a job's delivery), else nodemailer's. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}

/**
 * Real mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message is written
 * as an .eml file to DATA_DIR/outbox/ (and a log line naming the file, never the secret link in
 * it), so activation and password reset work on a fresh machine without a mail server.
 */
export function createMailer(options: MailerOptions): Mailer {
  const smtp: Transporter | undefined = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let counter = 0;
  return {
    async send(message) {
      const envelope = { from: options.from, ...message };
      if (smtp) {
        await smtp.sendMail(envelope);
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
        return;
      }
      const info = (await stream.sendMail(envelope)) as { message: Buffer };
      await mkdir(options.outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^A-Za-z0-9@._-]/g, '_');
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(counter++).padStart(4, '0')}-${safeTo}.eml`;
      await writeFile(path.join(options.outboxDir, name), info.message);
      // Never the message's links: they carry single-use secrets (activation, reset, invitation).
      options.log.info({ to: message.to, subject: message.subject, file: name }, 'mail written to outbox');
    },
  };
}
