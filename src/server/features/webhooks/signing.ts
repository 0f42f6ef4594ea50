import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks (standardwebhooks.com): the secret is `whsec_` + base64 of random bytes; each
 * message is signed as HMAC-SHA256(secret bytes, `${id}.${timestamp}.${body}`), sent in the
 * webhook-signature header as `v1,<base64>`, beside webhook-id and webhook-timestamp (seconds).
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export function signatureOf(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

export function signedHeaders(secret: string, messageId: string, now: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureOf(secret, messageId, timestamp, body),
    'user-agent': 'Ananas-Webhooks/1',
  };
}
