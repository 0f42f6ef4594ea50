import fc from 'fast-check';
import { generate, registerFormat } from 'json-schema-faker';
import type { JsonSchema } from '../../../src/shared/bundle-types.js';
import type { Operation } from './operations.js';
import { CALLERS, type CallerName, type World } from './world.js';

/**
 * What one fuzzed request is, as plain data (fast-check prints it when a run fails and shrinks
 * it): who calls, the path values, the query, and how the body departs from a valid one. The
 * valid starting point comes from json-schema-faker, seeded by `seed`, from the operation's own
 * schema; the departures are drawn by fast-check.
 */
export interface Plan {
  caller: CallerName;
  path: PathValue[];
  query: QueryPlan;
  body: BodyPlan;
  /** json-schema-faker's seed for the valid body and query. */
  seed: number;
  /** Aim ids in the body at records that exist (by index into the world's ids), or leave them random. */
  aim: number[];
}

type PathValue = { pool: number } | { raw: string };
type QueryPlan = { kind: 'valid' } | { kind: 'mutate'; key: number; value: unknown } | { kind: 'raw'; text: string };
export type BodyPlan =
  | { kind: 'valid' }
  | { kind: 'drop'; key: number }
  | { kind: 'set'; key: number; value: unknown }
  | { kind: 'add'; name: string; value: unknown }
  | { kind: 'replace'; value: unknown }
  | { kind: 'deep'; key: number; depth: number }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'oversize' }
  | {
      kind: 'multipart';
      variant:
        | 'no-boundary'
        | 'truncated'
        | 'garbage'
        | 'nul-filename'
        | 'stray-file'
        | 'too-many-files'
        | 'oversize-file'
        | 'bad-file'
        | 'no-file';
    };

const INT32 = 2 ** 31;
const numbers = fc.constantFrom(
  INT32,
  INT32 - 1,
  -INT32 - 1,
  2 ** 53 + 1,
  -(2 ** 53),
  1e308,
  -1e308,
  0.5,
  -1,
  0,
  1e-320,
);
const texts = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u0001\u0002\u001f\u007f',
    '\ud800',
    '\udfff\ud800',
    '\u202e\u2066',
    '\uffff',
    '💥'.repeat(300),
    'x'.repeat(100_000),
    ' ',
    '',
    "'; drop table users; --",
    '%00',
    '../../etc/passwd',
    '{{7*7}}',
    '<script>alert(1)</script>',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), maxLength: 8 }),
);
/** Any JSON-ish value, and the nasty ones. */
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  numbers,
  texts,
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
);
const rawJson = fc.constantFrom(
  '{',
  '',
  'null',
  '[]',
  '1e400',
  '{"a":1e400}',
  '{"hotel":1e400,"id":-1e400}',
  '"text"',
  'true',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '\u0000',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
);
const rawText = fc.oneof(rawJson, fc.string({ unit: 'binary', maxLength: 60 }));
const keyNames = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'a\u0000b',
    '',
    'id',
    'hotel',
    'user',
    'property',
    'x'.repeat(300),
  ),
  fc.string({ maxLength: 12 }),
);

export function planArbitrary(op: Operation): fc.Arbitrary<Plan> {
  const pathValue: fc.Arbitrary<PathValue> = fc.oneof(
    { weight: 6, arbitrary: fc.nat().map((pool) => ({ pool })) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constantFrom(
            '0',
            '-1',
            '2147483647',
            '2147483648',
            '99999999999999999999',
            '1.5',
            '1e3',
            'abc',
            '%00',
            '%2e%2e',
            '%E0%A4%A',
            ' 1',
            '0x10',
            'ES',
            'thumbnail',
            'original',
            'PM',
          ),
          fc.string({ maxLength: 10 }).map((s) => encodeURIComponent(s) || 'x'),
        )
        .map((raw) => ({ raw })),
    },
  );
  const query: fc.Arbitrary<QueryPlan> = op.query.length
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constant({ kind: 'valid' as const }) },
        { weight: 3, arbitrary: fc.record({ kind: fc.constant('mutate' as const), key: fc.nat(), value: anyValue }) },
        {
          weight: 1,
          arbitrary: fc.record({
            kind: fc.constant('raw' as const),
            text: fc.oneof(
              fc.constantFrom(
                'page=1&page=2',
                'property=%00',
                'kind[]=x',
                'page=1e400',
                '%%%',
                'date_from=2026-02-31',
                'user=1&user=x',
              ),
              fc.string({ maxLength: 30 }),
            ),
          }),
        },
      )
    : fc.constant({ kind: 'valid' as const });
  let body: fc.Arbitrary<BodyPlan> = fc.constant({ kind: 'valid' });
  if (op.body?.contentType === 'application/json') {
    body = fc.oneof(
      { weight: 5, arbitrary: fc.constant({ kind: 'valid' as const }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), key: fc.nat() }) },
      { weight: 4, arbitrary: fc.record({ kind: fc.constant('set' as const), key: fc.nat(), value: anyValue }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('add' as const), name: keyNames, value: anyValue }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('replace' as const), value: anyValue }) },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('deep' as const),
          key: fc.nat(),
          depth: fc.integer({ min: 20, max: 5000 }),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('raw' as const),
          text: rawText,
          contentType: fc.constantFrom(
            'application/json',
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/json; charset=latin1',
          ),
        }),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'oversize' as const }) },
    );
  } else if (op.body?.contentType === 'multipart/form-data') {
    body = fc.oneof(
      { weight: 4, arbitrary: fc.constant({ kind: 'valid' as const }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('set' as const), key: fc.nat(), value: anyValue }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('drop' as const), key: fc.nat() }) },
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('multipart' as const),
          variant: fc.constantFrom(
            'no-boundary',
            'truncated',
            'garbage',
            'nul-filename',
            'stray-file',
            'too-many-files',
            'oversize-file',
            'bad-file',
            'no-file',
          ) as fc.Arbitrary<'no-boundary'>,
        }),
      },
    );
  } else {
    // No body declared: sometimes send one anyway.
    body = fc.oneof(
      { weight: 4, arbitrary: fc.constant({ kind: 'valid' as const }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('replace' as const), value: anyValue }) },
    );
  }
  return fc.record({
    caller: fc.oneof(
      { weight: 5, arbitrary: fc.constant('owner' as CallerName) },
      { weight: 5, arbitrary: fc.constantFrom(...CALLERS) },
    ),
    path: fc.array(pathValue, { minLength: op.pathParams.length, maxLength: op.pathParams.length }),
    query,
    body,
    seed: fc.integer({ min: 1, max: 2 ** 30 }),
    aim: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
  });
}

registerFormat('country', (random) => ['ES', 'DE', 'IR', 'RU', 'GB', 'US', 'MX'][random.int(0, 6)]!);
registerFormat('currency', (random) => ['EUR', 'USD', 'GBP', 'IRR', 'RUB'][random.int(0, 4)]!);
registerFormat(
  'time',
  (random) => `${String(random.int(0, 23)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}`,
);
registerFormat(
  'date',
  (random) =>
    `20${random.int(20, 35)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
);

/** x- annotations and other keywords json-schema-faker has no use for, removed before generating. */
function forFaker(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forFaker);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k.startsWith('x-') || k === '$id' || k === '$schema' || k === '$defs' || k === 'contentMediaType') continue;
    out[k] = k === 'enum' || k === 'const' || k === 'default' ? v : forFaker(v);
  }
  // json-schema-faker draws a list's length up to its maxItems: the gallery order's 100,000 unique
  // ids took half a second to generate per request (a third of the suite's time went to that one
  // operation). A few hundred items still make a long list the server must refuse or take whole.
  if (typeof out.maxItems === 'number' && out.maxItems > LONGEST_LIST) out.maxItems = LONGEST_LIST;
  return out;
}

const LONGEST_LIST = 300;

const fakerCache = new WeakMap<object, JsonSchema>();
async function fake(schema: JsonSchema, seed: number): Promise<unknown> {
  let clean = fakerCache.get(schema);
  if (!clean) {
    clean = forFaker(schema) as JsonSchema;
    fakerCache.set(schema, clean);
  }
  // Every other seed takes the schema's examples where it gives them (known-good values, e.g. option heads).
  return generate(clean as never, {
    seed,
    maxDefaultItems: 3,
    optionalsProbability: 0.6,
    maxDepth: 6,
    useExamplesValue: seed % 2 === 0,
  });
}

const ID_KEY = /^(id|hotel|property|user|room|photo|mailing_list|manager|version)$/;

/** Aim id-like integers at existing records (and versions at the stored one), so requests reach the handlers' real paths. */
function aimIds(value: unknown, world: World, aim: number[], version: number | undefined, counter = { i: 0 }): unknown {
  if (Array.isArray(value)) return value.map((v) => aimIds(v, world, aim, version, counter));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (ID_KEY.test(k) && typeof v === 'number') {
      const pick = aim[counter.i++ % aim.length]!;
      if (k === 'version') out[k] = version !== undefined && pick % 4 !== 0 ? version : v;
      // A row id of 0 is a new row of a list save.
      else if (k === 'id' && pick % 3 === 0) out[k] = 0;
      else out[k] = pick % 5 === 1 ? v : world.idFor(k, pick);
    } else if (k === 'properties_allowed' && Array.isArray(v)) out[k] = [world.hotel];
    else out[k] = aimIds(v, world, aim, version, counter);
  }
  // A confirmation field ("re_password") mostly repeats its field, as a form would send it.
  for (const k of Object.keys(out)) {
    if (k.startsWith('re_') && k.slice(3) in out && aim[0]! % 4 !== 0) out[k] = out[k.slice(3)];
  }
  return out;
}

function keyAt(doc: Record<string, unknown>, n: number, schema: JsonSchema): string {
  const keys = [...new Set([...Object.keys(doc), ...Object.keys((schema.properties ?? {}) as object)])];
  return keys.length ? keys[n % keys.length]! : 'field';
}

/** Nested objects and lists as JSON text (JSON.stringify itself would overflow the stack). */
function nestedJson(depth: number): string {
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    open += i % 2 ? '[' : '{"a":';
    close = (i % 2 ? ']' : '}') + close;
  }
  return `${open}"leaf"${close}`;
}
const DEEP = '\u0001deep\u0001';

export interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What the request was meant to test, for messages. */
  note: string;
}

/** The concrete request for a plan. */
export async function buildRequest(op: Operation, plan: Plan, world: World): Promise<BuiltRequest> {
  let i = 0;
  const url0 = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = plan.path[i++] ?? { raw: 'x' };
    const param = op.pathParams.find((p) => p.name === name);
    if ('raw' in value) return value.raw;
    if (param?.type === 'string') {
      const good: Record<string, string[]> = {
        variant: ['thumbnail', 'display', 'original'],
        country: ['ES', 'DE', 'XX'],
        countryCode: ['ES', 'DE'],
        stateCode: ['PM', 'BY', 'ZZ'],
      };
      const list = good[name] ?? ['x'];
      return list[value.pool % list.length]!;
    }
    // Ids of the table the name points at (a photo id for photoId...); a bare "id" is often the property.
    return String(name === 'id' && value.pool % 2 === 0 ? world.hotel : world.idFor(name, value.pool));
  });
  let search = '';
  if (op.query.length) {
    if (plan.query.kind === 'raw') search = plan.query.text;
    else {
      const q: Record<string, unknown> = {};
      for (const [n, p] of op.query.entries()) {
        const v = await fake(p.schema, plan.seed + n);
        if (v !== undefined && (plan.seed + n) % 2 === 0) q[p.name] = v;
      }
      if (plan.query.kind === 'mutate') q[op.query[plan.query.key % op.query.length]!.name] = plan.query.value;
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(aimIds(q, world, plan.aim, undefined) as Record<string, unknown>)) {
        if (Array.isArray(v))
          for (const item of v) params.append(k, typeof item === 'string' ? item : JSON.stringify(item));
        else params.append(k, typeof v === 'string' ? v : JSON.stringify(v));
      }
      search = params.toString();
    }
  }
  const url = search ? `${url0}?${search}` : url0;
  const headers: Record<string, string> = {};
  const token = world.token(plan.caller);
  if (token) headers.authorization = `Token ${token}`;
  const note = `${op.method} ${url.length > 300 ? `${url.slice(0, 300)}…` : url} as ${plan.caller}, body ${plan.body.kind}${'variant' in plan.body ? ` ${plan.body.variant}` : ''}`;

  const b = plan.body;
  if (!op.body) {
    if (b.kind === 'replace')
      return {
        method: op.method,
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(b.value) ?? 'null',
        note,
      };
    return { method: op.method, url, headers, note };
  }
  const section = (op.body.schema['x-section'] as { key?: string; kind?: string } | undefined) ?? {};
  const version = section.kind === 'document' && section.key ? await world.version(section.key) : undefined;
  const valid = aimIds(
    await fake(op.body.list ? { type: 'array', items: op.body.schema, maxItems: 3 } : op.body.schema, plan.seed),
    world,
    plan.aim,
    version,
  );

  if (op.body.contentType === 'multipart/form-data')
    return multipartRequest(op, plan, world, valid as Record<string, unknown>, {
      method: op.method,
      url,
      headers,
      note,
    });

  let doc: unknown = valid;
  const target = (Array.isArray(doc) ? doc[0] : doc) as Record<string, unknown> | undefined;
  switch (b.kind) {
    case 'raw':
      return { method: op.method, url, headers: { ...headers, 'content-type': b.contentType }, payload: b.text, note };
    case 'oversize':
      return {
        method: op.method,
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ big: 'x'.repeat(2 * 1024 * 1024 + 10) }),
        note,
      };
    case 'replace':
      doc = b.value;
      break;
    case 'drop':
      if (target && typeof target === 'object') delete target[keyAt(target, b.key, op.body.schema)];
      break;
    case 'set':
      if (target && typeof target === 'object') target[keyAt(target, b.key, op.body.schema)] = b.value;
      else doc = b.value;
      break;
    case 'add':
      if (target && typeof target === 'object')
        Object.defineProperty(target, b.name, { value: b.value, enumerable: true, configurable: true, writable: true });
      break;
    case 'deep':
      if (target && typeof target === 'object') target[keyAt(target, b.key, op.body.schema)] = DEEP;
      else doc = DEEP;
      return {
        method: op.method,
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(doc).replace(JSON.stringify(DEEP), nestedJson(b.depth)),
        note,
      };
    default:
      break;
  }
  return {
    method: op.method,
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(doc) ?? 'null',
    note,
  };
}

function part(
  boundary: string,
  name: string,
  value: string | Buffer,
  filename?: string,
  type = 'application/octet-stream',
): Buffer {
  const disposition = `form-data; name="${name}"${filename !== undefined ? `; filename="${filename}"` : ''}`;
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${filename !== undefined ? `Content-Type: ${type}\r\n` : ''}\r\n`,
    ),
    Buffer.isBuffer(value) ? value : Buffer.from(value),
    Buffer.from('\r\n'),
  ]);
}

function multipartRequest(
  op: Operation,
  plan: Plan,
  world: World,
  valid: Record<string, unknown>,
  base: BuiltRequest,
): BuiltRequest {
  const body = op.body!;
  const b = plan.body;
  const fields: Record<string, unknown> = { ...valid };
  for (const f of body.fileFields) delete fields[f];
  if (b.kind === 'set') fields[keyAt(fields, b.key, body.schema)] = b.value;
  if (b.kind === 'drop') delete fields[keyAt(fields, b.key, body.schema)];
  const boundary = `----fuzz${plan.seed}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      chunks.push(part(boundary, name, v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v)));
    }
  }
  const fileField = body.fileFields[0] ?? 'file';
  const variant = b.kind === 'multipart' ? b.variant : undefined;
  const files = variant === 'no-file' ? 0 : variant === 'too-many-files' ? body.maxFiles + 1 : 1;
  for (let n = 0; n < files; n++) {
    const name = variant === 'nul-filename' ? 'pool\u0000.png' : `fuzz-${n}.png`;
    const content =
      variant === 'bad-file'
        ? Buffer.from('not an image at all')
        : variant === 'oversize-file'
          ? Buffer.alloc(body.maxFileBytes + 1, 1)
          : world.png;
    chunks.push(part(boundary, variant === 'stray-file' ? 'stray' : fileField, content, name, 'image/png'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  let contentType = `multipart/form-data; boundary=${boundary}`;
  if (variant === 'no-boundary') contentType = 'multipart/form-data';
  if (variant === 'truncated') payload = payload.subarray(0, Math.max(1, Math.floor(payload.length * 0.6)));
  if (variant === 'garbage') payload = Buffer.from('garbage without any boundary');
  return { ...base, headers: { ...base.headers, 'content-type': contentType }, payload };
}
