import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.js';
import PostalMime from 'postal-mime';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/server/plugins/mail.js';

const log = Fastify({ logger: false }).log;

describe('mail', () => {
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(() => inbox.close());

  it('delivers through real SMTP when SMTP_URL is set', async () => {
    await inbox.mailer.send({
      to: 'guest@example.com',
      subject: 'Activate your Ananas account',
      text: 'Open http://portal.test/auth/activate/MQ/abc',
    });
    expect(inbox.received).toHaveLength(1);
    const parsed = await PostalMime.parse(inbox.received[0]!.raw);
    expect(parsed.subject).toBe('Activate your Ananas account');
    expect(parsed.to?.[0]?.address).toBe('guest@example.com');
    expect(parsed.from?.address).toBe('no-reply@ananas.test');
    expect(parsed.text).toContain('http://portal.test/auth/activate/MQ/abc');
  });

  it('writes .eml files to the outbox without SMTP', async () => {
    const outbox = path.join(mkdtempSync(path.join(os.tmpdir(), 'outbox-')), 'outbox');
    const mailer = createMailer({ from: 'Ananas <no-reply@ananas.test>', outboxDir: outbox, log });
    await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Link: http://portal.test/x' });
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/a@example\.com\.eml$/);
    const parsed = await PostalMime.parse(readFileSync(path.join(outbox, files[0]!), 'utf8'));
    expect(parsed.subject).toBe('Hello');
    expect(parsed.text).toContain('http://portal.test/x');
  });

  it('logs that a mail was written to the outbox, never its secret link', async () => {
    const lines: string[] = [];
    const logged = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } }).log;
    const outbox = path.join(mkdtempSync(path.join(os.tmpdir(), 'outbox-')), 'outbox');
    const mailer = createMailer({ from: 'Ananas <no-reply@ananas.test>', outboxDir: outbox, log: logged });
    const token = 'c2VjcmV0LXRva2VuLXZhbHVlLXRoYXQtbXVzdC1ub3QtbGVhaw';
    await mailer.send({
      to: 'b@example.com',
      subject: 'Reset your password',
      text: `Open http://portal.test/auth/password/reset/confirm/MQ/${token} within an hour.`,
    });
    const entry = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === 'mail written to outbox');
    expect(entry).toMatchObject({ to: 'b@example.com', subject: 'Reset your password', file: readdirSync(outbox)[0] });
    expect(lines.join('\n')).not.toContain(token);
    expect(lines.join('\n')).not.toContain('/auth/password/reset/confirm/');
  });
});
