import fc from 'fast-check';
import type { JsonSchema, Parameter } from './operations.js';
import { acceptedTypes, type Json, type JsonType, primaryType, unwrap } from './schema-values.js';

/**
 * The raw material of hostile input: strings, numbers, bodies, content types, query and path values that
 * break naive code. bad-input.ts combines them with an operation's schemas.
 */

/** Strings that break naive code: NUL, lone surrogates, direction overrides, injections, separators. */
export const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\uDC00\uD800',
  '\u202Eevil\u202C',
  '\u200F\u200E\u2066',
  '\uFEFF',
  '\u0301',
  'Z\u0324\u0354\u0367\u0311\u0313',
  '👩‍👩‍👧‍👦',
  '𝕏𝕐',
  '\u2028\u2029',
  '\r\n\t',
  ' ',
  '',
  '%00',
  '\\',
  '"',
  "'; DROP TABLE accounts; --",
  '<script>alert(1)</script>',
  '$' + '{7*7}{{7*7}}', // template injection (split so it is not read as a template literal slip)
  '../../etc/passwd',
  'İıß',
  '\u0085\u00A0',
  '%',
  '%%%%25',
];

export const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
export const controlChar = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  {
    weight: 2,
    arbitrary: fc.string({ unit: fc.oneof(loneSurrogate, controlChar), minLength: 1, maxLength: 6 }),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('probe', 'Ada', '+2348031234567'), fc.constantFrom(...NASTY_STRINGS))
      .map(([a, b]) => a + b),
  },
);

export const anyJson: fc.Arbitrary<Json> = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;

/** A value whose JSON type the schema does not accept (nothing when the schema accepts anything). */
export function wrongTypeValue(schema: JsonSchema): fc.Arbitrary<Json> | undefined {
  const accepted = acceptedTypes(schema);
  const candidates: [JsonType, fc.Arbitrary<Json>][] = [
    ['string', fc.oneof(fc.constantFrom('1', 'true', '12', 'null', '[]'), fc.string({ maxLength: 8 }))],
    ['integer', fc.oneof(fc.constantFrom(0, 1, -1), fc.integer())],
    ['number', fc.constantFrom(1.5, -0.25, 2.71)],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.array(anyJson, { maxLength: 3 })],
    ['object', fc.dictionary(fc.string({ maxLength: 6 }), anyJson, { maxKeys: 3 })],
  ];
  const usable = candidates.filter(([type]) => !accepted.has(type)).map(([, arb]) => arb);
  // A string schema with an enum also rejects strings outside it.
  if (schema.enum && accepted.has('string'))
    usable.push(fc.string({ maxLength: 12 }).filter((s) => !schema.enum!.includes(s)));
  return usable.length ? fc.oneof(...usable) : undefined;
}

export const RAW_NUMBERS = [
  '-1',
  '-0',
  '0',
  '1.5',
  '-2.5',
  '0.0001',
  '1e308',
  '-1e308',
  '1e400',
  '-1e400',
  '1e-400',
  '9007199254740993',
  '123456789012345678901234567890',
  '1E2',
];
export const rawNumber: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...RAW_NUMBERS),
  fc.integer({ min: -2_000_000_000, max: -1 }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
);

export const MALFORMED = [
  '{',
  '}',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  '{"a" 1}',
  'NaN',
  'undefined',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '[[[[[[[[[[',
  '\u0000',
];

// Not objects, or not quite: a BOM before `{}` is stripped by the parser, so that one may be accepted.
export const NOT_OBJECTS = [
  '\uFEFF{}',
  '[]',
  '[{}]',
  '"text"',
  '""',
  '42',
  '-1',
  'null',
  'true',
  'false',
  '[null]',
];

export const CONTENT_TYPES: [string, 'json' | 'form' | 'text'][] = [
  ['text/plain', 'text'],
  ['application/xml', 'text'],
  ['text/html', 'text'],
  ['multipart/form-data; boundary=xyz', 'text'],
  ['application/x-www-form-urlencoded', 'form'],
  ['application/octet-stream', 'text'],
  ['application/vnd.api+json', 'json'],
  ['application/jsonx', 'json'],
  ['application/json; charset=utf-16', 'json'],
  ['application/json; charset=iso-8859-1', 'json'],
  ['APPLICATION/JSON', 'json'],
  ['application/json, text/plain', 'json'],
  ['image/png', 'text'],
];

export const EXTRA_KEYS = [
  'role',
  'isAdmin',
  'businessId',
  'accountId',
  'id',
  'verified',
  'businessVerified',
  'balance',
  'type',
  'deleted',
  '__proto__',
  'constructor',
  'prototype',
  'password',
  '$where',
  '',
];

export function queryValue(param: Parameter): fc.Arbitrary<string | string[]> {
  const schema = unwrap(param.schema);
  const type = primaryType(schema);
  const single: fc.Arbitrary<string> =
    type === 'integer' || type === 'number'
      ? fc.oneof(
          fc.constantFrom(
            '-1',
            '0',
            '1.5',
            'abc',
            '',
            '1e3',
            '0x10',
            '99999999999999999999999',
            'NaN',
            'Infinity',
            ' 1',
            '١',
            '+1',
            '1,2',
          ),
          fc.string({ maxLength: 8 }),
        )
      : type === 'boolean'
        ? fc.oneof(
            fc.constantFrom('maybe', 'TRUE', '2', '', 'null', 'yes please'),
            fc.string({ maxLength: 6 }),
          )
        : fc.oneof(
            nastyString,
            fc.nat({ max: 8000 }).map((n) => 'q'.repeat(n)),
            fc.constantFrom(...(schema.enum ?? []).map((e) => ` ${String(e).toUpperCase()} `), 'nope'),
          );
  return fc.oneof(
    { weight: 4, arbitrary: single },
    { weight: 1, arbitrary: fc.array(single, { minLength: 2, maxLength: 3 }) },
  );
}

export const PATH_VALUES = [
  '1',
  '0',
  '-1',
  'abc',
  'null',
  'undefined',
  'true',
  "' OR '1'='1",
  '%',
  '%zz',
  '..',
  '../..',
  'a/b',
  '%2F',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '6f1c2a4e8b3d4c5f9a7e1d2b3c4d5e6f',
  '6f1c2a4e-8b3d-4c5f-9a7e-1d2b3c4d5e6fx',
  '{id}',
  ' ',
  '%00',
];

export function pathValue(): fc.Arbitrary<{ value: string; raw: boolean }> {
  return fc.oneof(
    fc.record({ value: fc.constantFrom(...PATH_VALUES), raw: fc.boolean() }),
    fc.record({ value: nastyString, raw: fc.constant(false) }),
    fc.record({ value: fc.nat({ max: 3000 }).map((n) => 'x'.repeat(n + 1)), raw: fc.constant(false) }),
    fc.record({ value: fc.uuid().map((u) => u.toUpperCase()), raw: fc.constant(false) }),
  );
}

export const printableAscii = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
