import fc from 'fast-check';
import {
  anyJson,
  CONTENT_TYPES,
  EXTRA_KEYS,
  MALFORMED,
  NOT_OBJECTS,
  nastyString,
  pathValue,
  printableAscii,
  queryValue,
  rawNumber,
  wrongTypeValue,
} from './hostile-values.js';
import type { Operation } from './operations.js';
import {
  bodyFields,
  isNumeric,
  isStringish,
  type Json,
  objectSchema,
  SAMPLE_UUID,
  validObject,
  validValue,
} from './schema-values.js';

/**
 * Generators of hostile input for one operation of the OpenAPI document, derived from its schemas alone, so
 * a route added later gets the same treatment without a line here. Each generated case is a plain object
 * (kind, field, value) so that fast-check prints a readable, shrunk counterexample.
 */

export type BadCase =
  /** One body field of a type its schema does not accept. `field` ends in `[]` for an array's element. */
  | { kind: 'wrong-type'; field: string; value: Json }
  | { kind: 'missing-required'; field: string }
  | { kind: 'extra-fields'; fields: Record<string, Json> }
  /** A string field `size` bytes long: inside the body limit but over any field limit, or over the body limit. */
  | { kind: 'huge-string'; field: string; where: 'within-body-limit' | 'beyond-body-limit'; char: string }
  | { kind: 'unicode'; field: string; value: string }
  /** A number written as raw JSON text (`-0`, `1e400`, `1.5` for an integer...). */
  | { kind: 'bad-number'; field: string; raw: string }
  | { kind: 'not-an-object'; raw: string }
  | { kind: 'malformed-json'; raw: string }
  | { kind: 'content-type'; contentType: string; encoding: 'json' | 'form' | 'text' }
  | { kind: 'bad-query'; param: string; value: string | string[] }
  | { kind: 'extra-query'; params: Record<string, string> }
  | { kind: 'missing-query'; param: string }
  | { kind: 'bad-path'; param: string; value: string; raw: boolean }
  | { kind: 'bad-header'; header: string; value: string };

/** Kinds that the documented schema forbids outright: the service must answer 4xx, never 2xx. */
export const MUST_REJECT = new Set<BadCase['kind']>([
  'wrong-type',
  'missing-required',
  'malformed-json',
  'missing-query',
]);

// ---------------------------------------------------------------------------------------------------------

/** Every kind of hostile input that applies to the operation, as one fast-check arbitrary. */
export function badCases(op: Operation): fc.Arbitrary<BadCase> {
  const arbs: fc.WeightedArbitrary<BadCase>[] = [];
  const add = (weight: number, arbitrary: fc.Arbitrary<BadCase>) => arbs.push({ weight, arbitrary });
  const takesBody = op.method !== 'GET';
  const fields = bodyFields(op.body);
  const required = objectSchema(op.body)?.required ?? [];

  if (takesBody) {
    const wrong = fields.flatMap(([field, schema]) => {
      const value = wrongTypeValue(schema);
      return value ? [value.map((v): BadCase => ({ kind: 'wrong-type', field, value: v }))] : [];
    });
    if (wrong.length) add(4, fc.oneof(...wrong));
    if (required.length)
      add(
        2,
        fc.constantFrom(...required).map((field): BadCase => ({ kind: 'missing-required', field })),
      );
    add(
      2,
      fc
        .dictionary(
          fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 10 })),
          fc.oneof(anyJson, nastyString, fc.constant({ role: 'superadmin', isAdmin: true } as Json)),
          { minKeys: 1, maxKeys: 4 },
        )
        .map((extra): BadCase => ({ kind: 'extra-fields', fields: extra })),
    );
    const strings = fields.filter(([, s]) => isStringish(s)).map(([f]) => f);
    const stringTargets = strings.length ? strings : ['junk'];
    add(
      2,
      fc
        .record({
          field: fc.constantFrom(...stringTargets),
          where: fc.constantFrom('within-body-limit' as const, 'beyond-body-limit' as const),
          char: fc.constantFrom('a', 'é', '€', '😀', '\u0000', '"'),
        })
        .map((c): BadCase => ({ kind: 'huge-string', ...c })),
    );
    add(
      3,
      fc
        .record({ field: fc.constantFrom(...stringTargets), value: nastyString })
        .map((c): BadCase => ({ kind: 'unicode', ...c })),
    );
    const numbers = fields.filter(([, s]) => isNumeric(s)).map(([f]) => f);
    if (numbers.length)
      add(
        3,
        fc
          .record({ field: fc.constantFrom(...numbers), raw: rawNumber })
          .map((c): BadCase => ({ kind: 'bad-number', ...c })),
      );
    add(
      1,
      fc.constantFrom(...NOT_OBJECTS).map((raw): BadCase => ({ kind: 'not-an-object', raw })),
    );
    add(
      2,
      fc
        .oneof(
          fc.constantFrom(...MALFORMED),
          fc.nat({ max: 20_000 }).map((n) => '['.repeat(n + 1)),
          fc.nat({ max: 5_000 }).map((n) => `${'{"a":'.repeat(n + 1)}1${'}'.repeat(n + 1)}x`),
          fc.string({ maxLength: 20 }).map((s) => `{${s}`),
        )
        .map((raw): BadCase => ({ kind: 'malformed-json', raw })),
    );
    add(
      1,
      fc
        .constantFrom(...CONTENT_TYPES)
        .map(([contentType, encoding]): BadCase => ({ kind: 'content-type', contentType, encoding })),
    );
  }

  if (op.queryParams.length) {
    add(
      3,
      fc
        .constantFrom(...op.queryParams)
        .chain((p) => queryValue(p).map((value): BadCase => ({ kind: 'bad-query', param: p.name, value }))),
    );
    const requiredQuery = op.queryParams.filter((p) => p.required);
    if (requiredQuery.length)
      add(
        1,
        fc
          .constantFrom(...requiredQuery.map((p) => p.name))
          .map((param): BadCase => ({ kind: 'missing-query', param })),
      );
  }
  add(
    1,
    fc
      .dictionary(
        fc.oneof(
          fc.constantFrom('page', 'role', 'businessId', '__proto__', 'id'),
          fc.string({ maxLength: 8 }),
        ),
        fc.oneof(nastyString, fc.constantFrom('-1', 'true', 'admin')),
        { minKeys: 1, maxKeys: 3 },
      )
      .map((params): BadCase => ({ kind: 'extra-query', params })),
  );

  if (op.pathParams.length)
    add(
      4,
      fc
        .tuple(fc.constantFrom(...op.pathParams.map((p) => p.name)), pathValue())
        .map(([param, v]): BadCase => ({ kind: 'bad-path', param, ...v })),
    );

  if (op.headerParams.length)
    add(
      2,
      fc
        .record({
          header: fc.constantFrom(...op.headerParams.map((p) => p.name)),
          value: fc.oneof(
            fc.string({ unit: printableAscii, maxLength: 200 }),
            fc.nat({ max: 10_000 }).map((n) => 'f'.repeat(n)),
          ),
        })
        .map((c): BadCase => ({ kind: 'bad-header', ...c })),
    );

  return fc.oneof(...arbs);
}

// ---------------------------------------------------------------------------------------------------------
// From a case to the bytes on the wire.

export interface WireRequest {
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const RAW_MARK = '__raw_value_1f2e3d__';

/**
 * The request for one case: the valid base body, query and path with exactly one thing made hostile.
 * `pathParams` name a real resource of the caller's (or a valid-looking id), so only the case is wrong.
 */
export function buildRequest(
  op: Operation,
  c: BadCase,
  ctx: { pathParams: Record<string, string>; bodyLimit: number },
): WireRequest {
  const headers: Record<string, string> = {};
  const base = validObject(op.body ?? {});

  // Path.
  const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (c.kind === 'bad-path' && c.param === name) return c.raw ? c.value : encodeSegment(c.value);
    return encodeURIComponent(ctx.pathParams[name] ?? SAMPLE_UUID);
  });

  // Query.
  const query = new URLSearchParams();
  for (const p of op.queryParams) if (p.required) query.append(p.name, String(validValue(p.schema, p.name)));
  if (c.kind === 'bad-query') {
    query.delete(c.param);
    for (const v of Array.isArray(c.value) ? c.value : [c.value]) query.append(c.param, v);
  }
  if (c.kind === 'missing-query') query.delete(c.param);
  if (c.kind === 'extra-query') for (const [k, v] of Object.entries(c.params)) query.append(k, v);
  const qs = query.toString();
  const fullUrl = qs ? `${url}?${qs}` : url;

  if (c.kind === 'bad-header') headers[c.header] = c.value;
  if (op.method === 'GET') return { method: op.method, url: fullUrl, headers };

  // Body.
  let body: Record<string, Json> = { ...base };
  let raw: string | undefined;
  let rawValue: string | undefined;
  switch (c.kind) {
    case 'wrong-type':
      body = withField(body, c.field, c.value);
      break;
    case 'missing-required':
      delete body[c.field];
      break;
    case 'extra-fields':
      // Set as own properties, `__proto__` included, so JSON.stringify writes them all.
      for (const [k, v] of Object.entries(c.fields))
        Object.defineProperty(body, k, { value: v, enumerable: true });
      break;
    case 'huge-string': {
      const unitBytes = Buffer.byteLength(JSON.stringify(c.char)) - 2;
      const target = c.where === 'within-body-limit' ? ctx.bodyLimit * 0.8 : ctx.bodyLimit + 1024;
      body = withField(body, c.field, c.char.repeat(Math.ceil(target / unitBytes)));
      break;
    }
    case 'unicode':
      body = withField(body, c.field, c.value);
      break;
    case 'bad-number':
      body = withField(body, c.field, RAW_MARK);
      rawValue = c.raw;
      break;
    case 'not-an-object':
    case 'malformed-json':
      raw = c.raw;
      break;
  }
  let payload = raw ?? JSON.stringify(body);
  if (rawValue !== undefined) payload = payload.replace(JSON.stringify(RAW_MARK), rawValue);
  headers['content-type'] = 'application/json';
  if (c.kind === 'content-type') {
    headers['content-type'] = c.contentType;
    if (c.encoding === 'form')
      payload = new URLSearchParams(
        Object.entries(body).map(([k, v]): [string, string] => [
          k,
          typeof v === 'string' ? v : JSON.stringify(v),
        ]),
      ).toString();
    if (c.encoding === 'text') payload = Object.values(body).map(String).join('\n') || 'plain text';
  }
  return { method: op.method, url: fullUrl, headers, payload };
}

/**
 * Percent-encodes a path segment byte for byte as a hostile client would send it: a lone surrogate, which
 * `encodeURIComponent` refuses, goes out as its three WTF-8 bytes (not valid UTF-8).
 */
function encodeSegment(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    else out += encodeURIComponent(ch);
  }
  return out;
}

/** Sets `field` (or, for `name[]`, the only element of array `name`) on a copy of the body. */
function withField(body: Record<string, Json>, field: string, value: Json) {
  const out = { ...body };
  if (field.endsWith('[]')) out[field.slice(0, -2)] = [value];
  else out[field] = value;
  return out;
}
