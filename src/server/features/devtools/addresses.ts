import { BlockList, isIP } from 'node:net';
import { formats } from '../../../shared/formats.js';

/**
 * Whitelist entries: IPv4 and IPv6 addresses, CIDR ranges and web origins. An address or range
 * gates the partner API (by the caller's address: an origin header is the caller's to invent);
 * an origin gates where the widget may be embedded (a browser states the embedding page's origin).
 */
export type Entry =
  { kind: 'ip'; family: 'ipv4' | 'ipv6'; address: string; prefix: number } | { kind: 'origin'; origin: string };

const MAX_ENTRIES = 50;

function parseOrigin(text: string): string | undefined {
  if (!/^https?:\/\//i.test(text)) return undefined;
  try {
    const url = new URL(text);
    if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
      return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/**
 * A bare host name (hotel.example, or with a port) stands for the web origins it serves: its
 * https and http origins (the earlier product's whitelists were domains).
 */
function hostOrigins(text: string): string[] | undefined {
  const [host = '', port, ...rest] = text.split(':');
  if (rest.length || (port !== undefined && !/^\d{1,5}$/.test(port))) return undefined;
  if (isIP(host) || !formats.hostname.test(host) || (!host.includes('.') && host.toLowerCase() !== 'localhost'))
    return undefined;
  const origin = (scheme: string) => parseOrigin(`${scheme}://${host}${port === undefined ? '' : `:${port}`}`);
  const both = [origin('https'), origin('http')];
  return both.every((o): o is string => o !== undefined) ? both : undefined;
}

/** One entry as typed, or undefined when it is none of the three forms. */
export function parseEntry(text: string): Entry | undefined {
  const origin = parseOrigin(text);
  if (origin) return { kind: 'origin', origin };
  const [address = '', prefixText, ...rest] = text.split('/');
  if (rest.length) return undefined;
  const version = isIP(address);
  if (!version) return undefined;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const max = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return undefined;
  return { kind: 'ip', family, address: address.toLowerCase(), prefix };
}

export function entryText(e: Entry): string {
  if (e.kind === 'origin') return e.origin;
  const max = e.family === 'ipv4' ? 32 : 128;
  return e.prefix === max ? e.address : `${e.address}/${e.prefix}`;
}

/** The domain field read into entries (a host name as its two origins), or the message naming what is wrong. */
export function parseEntries(domain: string): { entries: string[] } | { error: string } {
  const parts = domain.split(/[\s,;]+/).filter(Boolean);
  if (!parts.length) return { error: 'Enter at least one address, range or origin.' };
  if (parts.length > MAX_ENTRIES) return { error: `At most ${MAX_ENTRIES} entries.` };
  const out: string[] = [];
  for (const part of parts) {
    const entry = parseEntry(part);
    const texts = entry ? [entryText(entry)] : hostOrigins(part);
    if (!texts)
      return {
        error: `"${part.slice(0, 80)}" is not an IP address, a CIDR range (203.0.113.0/24), an origin (https://hotel.example) or a host name (hotel.example).`,
      };
    for (const text of texts) if (!out.includes(text)) out.push(text);
  }
  return { entries: out };
}

/** IPv4 addresses mapped into IPv6 (::ffff:203.0.113.7, as dual-stack sockets report them) compare as IPv4. */
function plainIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

/** Is the caller's address among the entries' addresses and ranges? */
export function ipAllowed(entries: readonly string[], ip: string): boolean {
  const address = plainIp(ip);
  const version = isIP(address);
  if (!version) return false;
  const list = new BlockList();
  for (const text of entries) {
    const e = parseEntry(text);
    if (e?.kind !== 'ip') continue;
    list.addSubnet(e.address, e.prefix, e.family);
  }
  return list.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/** Is the origin (of an embedding page) among the entries' origins? */
export function originAllowed(entries: readonly string[], origin: string | undefined): boolean {
  if (!origin) return false;
  const wanted = parseOrigin(origin);
  return wanted !== undefined && entries.some((text) => parseEntry(text)?.kind === 'origin' && text === wanted);
}
