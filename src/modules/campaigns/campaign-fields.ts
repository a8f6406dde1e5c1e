import type { Db } from '../../platform/db/client.js';
import { ValidationError } from '../../platform/http/errors.js';
import { contactFieldKeys } from '../contacts/index.js';

const BUILT_IN = new Set(['firstName', 'lastName', 'phoneNumber']);

/** Every `{ field }` of some template parameters, with its path (`templateParameters.body.0.field`). */
function fieldRefs(params: unknown, path: string, out: { key: string; path: string }[]): void {
  if (Array.isArray(params)) {
    for (const [i, p] of params.entries()) fieldRefs(p, `${path}.${i}`, out);
  } else if (params && typeof params === 'object') {
    const o = params as Record<string, unknown>;
    if (typeof o.field === 'string') out.push({ key: o.field, path: `${path}.field` });
    else for (const [k, v] of Object.entries(o)) fieldRefs(v, `${path}.${k}`, out);
  }
}

/**
 * A template parameter may name a built-in field or one of the business's contact fields: any other key is
 * a 400 naming it, when the campaign is saved, rather than a dash in every message.
 */
export async function checkFieldParameters(
  db: Db,
  businessId: string,
  input: { templateParameters?: unknown; variants?: { templateParameters?: unknown }[] | null },
): Promise<void> {
  const refs: { key: string; path: string }[] = [];
  fieldRefs(input.templateParameters, 'templateParameters', refs);
  for (const [i, v] of (input.variants ?? []).entries())
    fieldRefs(v.templateParameters, `variants.${i}.templateParameters`, refs);
  const custom = refs.filter((r) => !BUILT_IN.has(r.key));
  if (!custom.length) return;
  const keys = new Set(await contactFieldKeys(db, businessId));
  const unknown = custom.find((r) => !keys.has(r.key));
  if (unknown)
    throw ValidationError.field(unknown.path, `"${unknown.key}" is not a contact field of this business`);
}
