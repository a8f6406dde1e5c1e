import type { JsonSchema } from './operations.js';

/** Reading the request schemas of the OpenAPI document: valid values, fields, accepted JSON types. */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// ---------------------------------------------------------------------------------------------------------
// Valid values: the base every case departs from, so that one field at a time is wrong.

export const SAMPLE_UUID = '6f1c2a4e-8b3d-4c5f-9a7e-1d2b3c4d5e6f';
/** A URL that refuses connections at once (loopback, discard port), for routes that fetch what they are given. */
const PROBE_URL = 'http://127.0.0.1:9/probe.csv';

/** A value the schema accepts, chosen from the field's name where the schema alone cannot say (patterns). */
export function validValue(schema: JsonSchema, name = ''): Json {
  if (schema.const !== undefined) return schema.const as Json;
  if (schema.enum?.length) return schema.enum[0] as Json;
  const branch = schema.anyOf ?? schema.oneOf;
  if (branch) return validValue(branch.find((b) => b.type !== 'null') ?? branch[0]!, name);
  if (schema.allOf?.length) return validValue(schema.allOf[0]!, name);
  switch (primaryType(schema)) {
    case 'string':
      return validString(schema, name);
    case 'integer':
      return validNumber(schema, true);
    case 'number':
      return validNumber(schema, false);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => validValue(schema.items ?? {}, name));
    case 'object':
      return validObject(schema);
    case 'null':
      return null;
    default:
      return 'probe';
  }
}

export function validObject(schema: JsonSchema): Record<string, Json> {
  const obj = objectSchema(schema);
  const out: Record<string, Json> = {};
  for (const key of obj?.required ?? []) out[key] = validValue(obj!.properties?.[key] ?? {}, key);
  return out;
}

function validString(schema: JsonSchema, name: string): string {
  const n = name.toLowerCase();
  const byFormat: Record<string, string> = {
    email: 'probe@example.test',
    uuid: SAMPLE_UUID,
    'date-time': new Date(Date.now() + 86_400_000).toISOString(),
    uri: PROBE_URL,
    url: PROBE_URL,
  };
  const candidates = [
    ...(schema.format && byFormat[schema.format] ? [byFormat[schema.format]!] : []),
    ...(/phone|whatsapp|mobile|wanumber|wabanumber/.test(n) ? ['+2348031234567'] : []),
    ...(/country/.test(n) ? ['NG'] : []),
    ...(/currency/.test(n) ? ['NGN'] : []),
    ...(/password/.test(n) ? ['Correct-Horse-9'] : []),
    ...(/referral/.test(n) ? ['ABCDEFGHIJ'] : []),
    ...(/bankcode/.test(n) ? ['001'] : []), // a bank of the sandbox payment provider
    ...(/^code$/.test(n) ? ['123456'] : []),
    ...(/accountnumber/.test(n) ? ['0123456789'] : []),
    ...(/timezone/.test(n) ? ['Africa/Lagos'] : []),
    ...(/url|logo|website|avatar/.test(n) ? [PROBE_URL] : []),
    ...(/email/.test(n) ? ['probe@example.test'] : []),
    'probe',
    'Probe value',
    'NG',
    '123456',
    'ABCDEFGHIJ',
  ];
  const fits = (s: string) =>
    s.length >= (schema.minLength ?? 0) &&
    s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(s));
  return candidates.find(fits) ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

function validNumber(schema: JsonSchema, integer: boolean): number {
  let value = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
  if (value < 1 && (schema.maximum ?? 1) >= 1) value = 1;
  return integer ? Math.ceil(value) : value;
}

// ---------------------------------------------------------------------------------------------------------
// Schema helpers.

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';
const ALL_TYPES: JsonType[] = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];

export function primaryType(schema: JsonSchema): JsonType | undefined {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return (types.find((t) => t !== 'null') ?? types[0]) as JsonType | undefined;
}

/** The JSON types a schema accepts; every type when the schema says nothing (`{}`). */
export function acceptedTypes(schema: JsonSchema): Set<JsonType> {
  if (schema.const !== undefined || schema.enum) {
    const values = schema.enum ?? [schema.const];
    return new Set(values.map((v) => jsonTypeOf(v as Json)));
  }
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return new Set(branches.flatMap((b) => [...acceptedTypes(b)]));
  if (schema.allOf?.length) return acceptedTypes(schema.allOf[0]!);
  if (!schema.type) return new Set(ALL_TYPES);
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]) as JsonType[];
  const set = new Set(types);
  if (set.has('number')) set.add('integer');
  return set;
}

function jsonTypeOf(v: Json): JsonType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v as JsonType;
}

/** The object schema of a body (`anyOf: [object, null]` included), or undefined. */
export function objectSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if (primaryType(schema) === 'object' || schema.properties) return schema;
  return (schema.anyOf ?? schema.oneOf)?.map(objectSchema).find(Boolean);
}

/** The single non-null branch of a nullable schema, or the schema itself. */
export function unwrap(schema: JsonSchema): JsonSchema {
  const branches = (schema.anyOf ?? schema.oneOf)?.filter((b) => b.type !== 'null');
  return branches?.length === 1 ? unwrap(branches[0]!) : schema;
}

/** Body fields as `[path, schema]`: top-level properties, plus `name[]` for an array's elements. */
export function bodyFields(schema: JsonSchema | undefined): [string, JsonSchema][] {
  const obj = objectSchema(schema);
  const out: [string, JsonSchema][] = [];
  for (const [name, prop] of Object.entries(obj?.properties ?? {})) {
    out.push([name, prop]);
    const inner = unwrap(prop);
    if (primaryType(inner) === 'array' && inner.items) out.push([`${name}[]`, inner.items]);
  }
  return out;
}

export const isStringish = (s: JsonSchema) => acceptedTypes(unwrap(s)).has('string');
export const isNumeric = (s: JsonSchema) => {
  const t = primaryType(unwrap(s));
  return t === 'number' || t === 'integer';
};

/**
 * Body fields that name a stored thing: a UUID (or an array of them), or a payment `reference`. Another
 * tenant's value there must be treated like another tenant's id in the path.
 */
export function idFields(schema: JsonSchema | undefined): string[] {
  const obj = objectSchema(schema);
  const isId = (s: JsonSchema) => unwrap(s).format === 'uuid';
  return Object.entries(obj?.properties ?? {})
    .filter(([name, prop]) => {
      const inner = unwrap(prop);
      return name === 'reference' || isId(inner) || (inner.items !== undefined && isId(inner.items));
    })
    .map(([name]) => name);
}
