import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';

export type LinkKind = 'activate' | 'reset' | 'invite';

const PATTERNS: Record<LinkKind, RegExp> = {
  activate: /https?:\/\/\S+\/auth\/activate\/[^/\s]+\/[^/\s]+/,
  reset: /https?:\/\/\S+\/auth\/password\/reset\/confirm\/[^/\s]+\/[^/\s]+/,
  invite: /https?:\/\/\S+\/auth\/invite\/[^/\s]+\/[^/\s]+/,
};

/** Reads the .eml files the server wrote, as a person reads their mail. */
export class Outbox {
  constructor(readonly dir: string) {}

  /** Parsed messages to `address`, oldest first (file names start with a timestamp and counter). */
  async messagesTo(address: string): Promise<{ subject: string; text: string }[]> {
    if (!existsSync(this.dir)) return [];
    const files = readdirSync(this.dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
    const out: { subject: string; text: string }[] = [];
    for (const file of files) {
      const mail = await PostalMime.parse(readFileSync(path.join(this.dir, file)));
      if (mail.to?.some((t) => t.address?.toLowerCase() === address.toLowerCase()))
        out.push({ subject: mail.subject ?? '', text: mail.text ?? '' });
    }
    return out;
  }

  /** The newest link of a kind mailed to `address`. */
  async link(address: string, kind: LinkKind): Promise<string> {
    const messages = await this.messagesTo(address);
    for (const m of messages.reverse()) {
      const match = PATTERNS[kind].exec(m.text);
      if (match) return match[0];
    }
    throw new Error(`no ${kind} link mailed to ${address}`);
  }
}
