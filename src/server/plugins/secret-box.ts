import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from '../config.js';

/**
 * Secrets the server must read back (the two-factor keys) are stored encrypted with a server
 * key: a copy of the database alone opens no second factor. AES-256-GCM, each value bound to
 * its row (the context, e.g. the user id), so a value copied to another row does not open.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  /** undefined when the value was sealed with another key or for another row. */
  open(sealed: string, context: string): string | undefined;
  /**
   * An HMAC-SHA256 of `message` (base64url) under a key derived from the server key for this
   * `purpose` alone, so a value signed for one use never verifies for another (signed photo URLs).
   */
  mac(purpose: string, message: string): string;
}

/** The file the embedded default keeps its generated key in (DATA_DIR/secret.key). */
export const KEY_FILE = 'secret.key';
const PREFIX = 'v1:';
const MIN_KEY_CHARS = 32;

/**
 * The server key: SECRET_KEY from the environment, else (the embedded default) the key in
 * DATA_DIR/secret.key, generated there on first start. Several servers on one PostgreSQL must
 * share a key, so production with DATABASE_URL requires SECRET_KEY.
 */
export function loadServerKey(config: Config): string {
  if (config.secretKey) return config.secretKey;
  if (config.production && config.databaseUrl) {
    throw new ConfigError(
      'SECRET_KEY must be set when DATABASE_URL is (every server of the database needs the same key).',
    );
  }
  const file = path.join(config.dataDir, KEY_FILE);
  try {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length >= MIN_KEY_CHARS) return key;
    throw new ConfigError(
      `${file} holds no usable key (at least ${MIN_KEY_CHARS} characters); restore it, or set SECRET_KEY.`,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  // 'wx': never overwrite a key another process wrote meanwhile; read theirs instead.
  try {
    writeFileSync(file, `${key}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}

export function createSecretBox(keyText: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', keyText, 'ananas', 'secret-box v1', 32));
  const macKeys = new Map<string, Buffer>();
  const macKey = (purpose: string): Buffer => {
    let k = macKeys.get(purpose);
    if (!k) macKeys.set(purpose, (k = Buffer.from(hkdfSync('sha256', keyText, 'ananas', `mac v1:${purpose}`, 32))));
    return k;
  };
  return {
    mac(purpose, message) {
      return createHmac('sha256', macKey(purpose)).update(message, 'utf8').digest('base64url');
    },
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
    },
    open(sealed, context) {
      if (!sealed.startsWith(PREFIX)) return undefined;
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
      if (raw.length < 28) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}

/** Is this value sealed (as opposed to a value stored before encryption existed)? */
export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}
