import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import { businesses } from '../../platform/db/schema/index.js';
import { type SecretBox, SecretUnreadableError } from '../../platform/secret-box.js';
import type { MessagingCredentials, MessagingPort } from '../../providers/messaging/messaging.port.js';

/** The stored password does not open for this business (copied from another row, tampered, unknown key). */
export class CredentialsUnreadableError extends Error {
  constructor() {
    super(
      'The stored messaging provider password cannot be read for this business: save the credentials again',
    );
    this.name = 'CredentialsUnreadableError';
  }
}

/**
 * The only place a business's gateway password is decrypted: just before the messaging adapter uses it.
 * Returns null when the business has not stored credentials. The password is sealed bound to the business id,
 * so a value copied from another business's row throws CredentialsUnreadableError instead of being used.
 */
export async function loadMessagingCredentials(
  db: Db,
  box: SecretBox,
  businessId: string,
): Promise<MessagingCredentials | null> {
  const [row] = await db
    .select({
      userId: businesses.providerHSMID,
      sealed: businesses.providerHSMPasswordEnc,
      fromNumber: businesses.wabaNumber,
      provider: businesses.provider,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!row?.userId || !row.sealed) return null;
  let password: string;
  try {
    password = box.open(row.sealed, businessId);
  } catch (err) {
    if (err instanceof SecretUnreadableError) throw new CredentialsUnreadableError();
    throw err;
  }
  return {
    userId: row.userId,
    password,
    fromNumber: row.fromNumber,
    provider: row.provider === 'whatsapp-cloud' ? 'whatsapp-cloud' : 'gateway',
  };
}

/**
 * The credentials a send uses: the business's own, or, when the messaging port needs none (the embedded
 * sandbox), an empty set so that campaigns still flow on a laptop. Null means the send cannot happen.
 */
export async function credentialsForSending(
  deps: { db: Db; secretBox: SecretBox; messaging: Pick<MessagingPort, 'requiresCredentials'> },
  businessId: string,
): Promise<MessagingCredentials | null> {
  const stored = await loadMessagingCredentials(deps.db, deps.secretBox, businessId);
  if (stored || deps.messaging.requiresCredentials) return stored;
  return { userId: '', password: '', fromNumber: null };
}

/**
 * The credentials a reply in a conversation is sent with. A gateway business answers through its two-way
 * account (`providerTwowayLogin` / `providerTwowayPassword`), not its HSM one; a Cloud API business uses its
 * one token. Null when the gateway business stored no two-way credentials (and the port needs them).
 */
export async function twowayCredentialsForSending(
  deps: { db: Db; secretBox: SecretBox; messaging: Pick<MessagingPort, 'requiresCredentials'> },
  businessId: string,
): Promise<MessagingCredentials | null> {
  const [row] = await deps.db
    .select({
      userId: businesses.providerTwowayLogin,
      sealed: businesses.providerTwowayPasswordEnc,
      fromNumber: businesses.wabaNumber,
      provider: businesses.provider,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (row?.provider === 'whatsapp-cloud') return credentialsForSending(deps, businessId);
  if (!row?.userId || !row.sealed)
    return deps.messaging.requiresCredentials ? null : { userId: '', password: '', fromNumber: null };
  try {
    return {
      userId: row.userId,
      password: deps.secretBox.open(row.sealed, businessId),
      fromNumber: row.fromNumber,
      provider: 'gateway',
    };
  } catch (err) {
    if (err instanceof SecretUnreadableError) throw new CredentialsUnreadableError();
    throw err;
  }
}

const SEALED_COLUMNS = [
  'providerHSMPasswordEnc',
  'providerDashboardPasswordEnc',
  'providerTwowayPasswordEnc',
] as const;

/**
 * Start-up step: every stored provider password sealed without its business binding (v1) or with an older
 * key is sealed again, bound to the business of its row. A value that does not open is left as it is (its
 * use fails with a clear error) and logged. Returns how many rows were re-sealed.
 */
export async function resealMessagingCredentials(db: Db, box: SecretBox, logger: Logger): Promise<number> {
  const rows = await db
    .select({
      id: businesses.id,
      providerHSMPasswordEnc: businesses.providerHSMPasswordEnc,
      providerDashboardPasswordEnc: businesses.providerDashboardPasswordEnc,
      providerTwowayPasswordEnc: businesses.providerTwowayPasswordEnc,
    })
    .from(businesses)
    .where(
      or(
        isNotNull(businesses.providerHSMPasswordEnc),
        isNotNull(businesses.providerDashboardPasswordEnc),
        isNotNull(businesses.providerTwowayPasswordEnc),
      ),
    );
  let resealed = 0;
  for (const row of rows) {
    const patch: Partial<Record<(typeof SEALED_COLUMNS)[number], string>> = {};
    for (const column of SEALED_COLUMNS) {
      const sealed = row[column];
      if (!sealed || !box.needsRotation(sealed)) continue;
      try {
        patch[column] = box.seal(box.open(sealed, row.id, { allowUnbound: true }), row.id);
      } catch (err) {
        logger.warn(
          { err, businessId: row.id, column },
          'stored provider secret does not open; left as it is',
        );
      }
    }
    if (!Object.keys(patch).length) continue;
    // Only if unchanged since read: a save racing this step keeps its own (already bound) value.
    const [updated] = await db
      .update(businesses)
      .set(patch)
      .where(
        and(
          eq(businesses.id, row.id),
          ...SEALED_COLUMNS.filter((c) => patch[c]).map((c) => eq(businesses[c], row[c]!)),
        ),
      )
      .returning({ id: businesses.id });
    if (updated) resealed++;
  }
  return resealed;
}
