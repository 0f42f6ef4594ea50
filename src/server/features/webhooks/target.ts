import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { fieldError } from '../../plugins/errors.js';

/**
 * Where webhooks may go. A receiver is somewhere on the internet: an address of the server's own
 * networks (loopback, RFC 1918 and unique-local, link-local, carrier-grade NAT, multicast,
 * unspecified, documentation, benchmarking, 6to4/NAT64/Teredo carrying any of those, anything
 * reserved) is refused, since the delivery log would turn the webhook into a port scanner of the
 * server's side. The rule is ipaddr.js's: only its `unicast` range passes, the same rule
 * request-filtering-agent applies at every connection (send.ts). Spellings (2130706433,
 * 0x7f.1, 0177.0.0.1, [::ffff:7f00:1], a trailing dot) are read by the WHATWG URL parser first, so
 * they reach this check as the address they mean.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.parse(address).range() === 'unicast';
}

/** What a resolver answers for a name: every address (the check must see them all). */
export type Resolve = (host: string) => Promise<LookupAddress[]>;

const resolveAll: Resolve = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/** How long the save waits for the name's addresses before it leaves the check to the connection. */
const SAVE_LOOKUP_MS = 3_000;

export interface TargetOptions {
  /** WEBHOOK_ALLOW_PRIVATE: local receivers allowed (development and tests; never in production). */
  allowPrivate: boolean;
  resolve?: Resolve;
}

/**
 * The refusal of a target, or null when it may be saved. A literal address is judged as such; a
 * name by the addresses it resolves to now (a name that does not resolve yet is accepted: the
 * connection checks again what it resolves to then, so a name turned inward later is refused
 * there). `hostname` is a parsed URL's (IPv6 in brackets, any trailing dot kept).
 */
export async function targetRefusal(hostname: string, options: TargetOptions): Promise<string | null> {
  if (options.allowPrivate) return null;
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  const refusal =
    'This address is in a private, local or reserved network; webhooks go to receivers on the internet only.';
  if (!host) return refusal;
  if (isIP(host)) return isPublicAddress(host) ? null : refusal;
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    (options.resolve ?? resolveAll)(host).catch(() => [] as LookupAddress[]),
    new Promise<LookupAddress[]>((resolve) => {
      timer = setTimeout(() => resolve([]), SAVE_LOOKUP_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  return addresses.some((a) => !isPublicAddress(a.address))
    ? `${host} resolves to ${addresses.find((a) => !isPublicAddress(a.address))!.address}. ${refusal}`
    : null;
}

/**
 * The URL's form alone: parseable, http(s) (https in production), no credentials. No lookup, so
 * it is also the routes' pre-check (prechecks.ts), run before the step-up proof is asked for.
 */
export function webhookUrlForm(url: string, options: { production: boolean }): URL {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw fieldError('url', 'Enter a valid URL, e.g. https://example.com/hooks/ananas.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw fieldError('url', 'The URL must start with https://.');
  if (options.production && parsed.protocol === 'http:') throw fieldError('url', 'The URL must start with https://.');
  if (parsed.username || parsed.password)
    throw fieldError('url', 'Put no credentials in the URL; verify the signature instead.');
  return parsed;
}

/**
 * An endpoint's URL as saved: its form (webhookUrlForm), a receiver on the internet
 * (targetRefusal: a lookup, so after the step-up proof); production refuses plain http. The
 * connection checks the address again (send.ts). Refusals are 400s on `url`.
 */
export async function checkWebhookUrl(url: string, options: TargetOptions & { production: boolean }): Promise<string> {
  const parsed = webhookUrlForm(url, options);
  const refusal = await targetRefusal(parsed.hostname, options);
  if (refusal) throw fieldError('url', refusal);
  return parsed.toString();
}
