import { z } from 'zod';
import type { TestApp, TestResponse } from './harness.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type JsonSchema = Parameters<typeof z.fromJSONSchema>[0];

interface OpenApiOperation {
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
type OpenApiPaths = Record<string, Record<string, OpenApiOperation>>;

const API = '/api/v1';
const documents = new WeakMap<TestApp, Promise<OpenApiPaths>>();

/** The paths of the running service's `/openapi.json`, read once per app. */
function pathsOf(t: TestApp): Promise<OpenApiPaths> {
  let doc = documents.get(t);
  if (!doc) {
    doc = t.request({ url: '/openapi.json' }).then((res) => {
      if (res.status !== 200) throw new Error(`GET /openapi.json answered ${res.status}`);
      return res.body.paths as OpenApiPaths;
    });
    documents.set(t, doc);
  }
  return doc;
}

/**
 * The JSON Schema `/openapi.json` publishes for one answer of one route (`path` as in docs/api.md, with
 * `{id}`-style parameters), or undefined when the route documents none for that status.
 */
export async function documentedResponse(
  t: TestApp,
  method: Method,
  path: string,
  status: number,
): Promise<JsonSchema | undefined> {
  const op = (await pathsOf(t))[`${API}${path}`]?.[method.toLowerCase()];
  return op?.responses?.[String(status)]?.content?.['application/json']?.schema;
}

/**
 * Checks a real answer against what the document promises for its status, the way a strict generated
 * client reads it: the schema as published (not the zod source), so extra or missing fields, wrong types
 * and nulls where none are allowed all fail. Returns the issues, empty when the answer conforms.
 */
export async function undocumentedParts(
  t: TestApp,
  method: Method,
  path: string,
  res: Pick<TestResponse, 'status' | 'body'>,
): Promise<string[]> {
  const schema = await documentedResponse(t, method, path, res.status);
  if (!schema) return [`${method} ${path} documents no ${res.status} answer`];
  const parsed = z.fromJSONSchema(schema).safeParse(res.body);
  if (parsed.success) return [];
  return parsed.error.issues.map(
    (i) => `${method} ${path} ${res.status}: ${i.path.join('.') || '(root)'}: ${i.message}`,
  );
}
