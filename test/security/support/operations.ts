import type { TestApp } from '../../harness.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A JSON Schema node as fastify-type-provider-zod writes it into the OpenAPI document (inline, no $ref). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

/** One operation of `/openapi.json`, with the path as written in docs/api.md (without `/api/v1`). */
export interface Operation {
  /** `METHOD path`, the key of every expectation table in test/security. */
  key: string;
  method: Method;
  path: string;
  /** The access rule the route declares (`x-access`; `['public']` when the document has none). */
  access: string[];
  /** The permission the route declares (`x-permission`): what the caller's role must hold in its business. */
  permission?: string;
  /** The route acts as the calling member (`x-person-only`): no API key may call it. */
  personOnly: boolean;
  pathParams: Parameter[];
  queryParams: Parameter[];
  headerParams: Parameter[];
  /** The JSON body schema, when the route declares one. */
  body?: JsonSchema;
  bodyRequired: boolean;
}

const API = '/api/v1';

/**
 * Every operation of the API as the running service documents it. Routes outside `/api/v1` (docs, storage,
 * sandbox pages) are not part of the API and are left out.
 */
export async function loadOperations(t: TestApp): Promise<Operation[]> {
  const res = await t.request({ url: '/openapi.json' });
  if (res.status !== 200) throw new Error(`GET /openapi.json answered ${res.status}`);
  const ops: Operation[] = [];
  for (const [fullPath, item] of Object.entries(res.body.paths as Record<string, Record<string, RawOp>>)) {
    if (!fullPath.startsWith(`${API}/`)) continue;
    const path = fullPath.slice(API.length);
    for (const [verb, op] of Object.entries(item)) {
      const method = verb.toUpperCase() as Method;
      const params = (op.parameters ?? []) as Parameter[];
      const json = op.requestBody?.content?.['application/json'];
      ops.push({
        key: `${method} ${path}`,
        method,
        path,
        access: op['x-access'] ?? ['public'],
        ...(op['x-permission'] ? { permission: op['x-permission'] } : {}),
        personOnly: op['x-person-only'] === true,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        headerParams: params.filter((p) => p.in === 'header'),
        body: json?.schema,
        bodyRequired: op.requestBody?.required ?? false,
      });
    }
  }
  return ops.sort((a, b) => a.key.localeCompare(b.key));
}

interface RawOp {
  parameters?: unknown[];
  requestBody?: { required?: boolean; content?: Record<string, { schema: JsonSchema }> };
  'x-access'?: string[];
  'x-permission'?: string;
  'x-person-only'?: boolean;
}

/** Fills `{name}` placeholders; values are URL-encoded, as a client would send them. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(value);
  });
}

/** Table keys that name no operation, and operations without a key: both are test failures. */
export function tableMismatch(ops: Operation[], keys: Iterable<string>) {
  const documented = new Set(ops.map((o) => o.key));
  const listed = new Set(keys);
  return {
    withoutRow: [...documented].filter((k) => !listed.has(k)),
    withoutRoute: [...listed].filter((k) => !documented.has(k)),
  };
}
