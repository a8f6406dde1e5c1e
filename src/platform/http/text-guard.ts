import type { FastifyInstance } from 'fastify';
import { type FieldProblem, ValidationError } from './errors.js';

// U+0000, or a UTF-16 surrogate without its partner (well-formed JSON can carry both as \u escapes).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding U+0000 is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MESSAGE = 'must be well-formed text: no NUL character (U+0000), no unpaired surrogate';

/**
 * Strings PostgreSQL cannot store are refused at the edge. Text and jsonb cannot hold U+0000, and jsonb
 * refuses an unpaired surrogate (text would silently turn it into U+FFFD): reaching a query, either fails
 * it (a 500), possibly halfway through a service's work. No field of this API has a use for them, so one
 * anywhere in the parsed body, the query or the path is a 400 before validation and before any work. The
 * body of a route that answers 200 to anything (`config.acceptsAnyBody`: the messaging webhook) is that
 * route's business; so is one that is a byte stream, not parsed data (`config.streamsBody`: storage PUTs).
 */
export function installTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    const config = req.routeOptions.config;
    if (config?.acceptsAnyBody) return;
    const fields = [
      ...badText(req.params, 'params'),
      ...badText(req.query, 'query'),
      ...(config?.streamsBody || config?.checksOwnBodyText ? [] : badText(req.body, '')),
    ];
    if (fields.length)
      throw new ValidationError(
        `Invalid request: ${fields[0]!.path || 'body'} ${fields[0]!.message}`,
        fields,
      );
  });
}

/**
 * More values than any parsed body within BODY_LIMIT_BYTES holds in practice: past it the request is refused
 * rather than walked further, so no graph (however it got here) costs unbounded time or memory.
 */
const MAX_NODES = 1_000_000;

/** Paths of the strings (values or keys) that cannot be stored; iterative, so deep nesting cannot overflow. */
export function badText(root: unknown, rootPath: string): FieldProblem[] {
  const found: FieldProblem[] = [];
  const stack: [unknown, string][] = [[root, rootPath]];
  let nodes = 0;
  while (stack.length && found.length < 20) {
    if (++nodes > MAX_NODES) {
      found.push({ path: rootPath, message: 'has too many values' });
      break;
    }
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) found.push({ path, message: MESSAGE });
    } else if (isPlainData(value)) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (UNSTORABLE.test(key)) found.push({ path: childPath, message: `key ${MESSAGE}` });
        stack.push([child, childPath]);
      }
    }
  }
  return found;
}

/**
 * Parsed JSON, forms and query strings are arrays and plain objects (the query parser's have a prototype
 * without one); anything else (a request stream, a buffer) is not data a client typed, and its object graph
 * may be cyclic: a socket points to its server and back.
 */
function isPlainData(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}
