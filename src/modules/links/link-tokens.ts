import { createHmac, timingSafeEqual } from 'node:crypto';

/** Bytes of the signature kept in a token: 64 bits, beyond guessing at any rate a server answers. */
const MAC_BYTES = 8;
const ID_BYTES = 16;

/** Where a tracked link leads: a message and the position of one of its campaign's links. */
export interface LinkRef {
  messageId: string;
  position: number;
}

/**
 * Tokens of tracked links: the message id, the link's position and a keyed signature of both, in base64url
 * (34 characters). Nothing is stored per token, so a publish writes no row per message and link; the
 * signature makes them unguessable, and checking it costs no database read for a forged one.
 */
export class LinkTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('tracked-links').digest();
  }

  sign(ref: LinkRef): string {
    const body = Buffer.alloc(ID_BYTES + 1);
    Buffer.from(ref.messageId.replace(/-/g, ''), 'hex').copy(body);
    body[ID_BYTES] = ref.position;
    return Buffer.concat([body, this.mac(body)]).toString('base64url');
  }

  /** The link a token names, or null for anything that is not a token this service signed. */
  verify(token: string): LinkRef | null {
    if (token.length !== 34 || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
    const raw = Buffer.from(token, 'base64url');
    if (raw.length !== ID_BYTES + 1 + MAC_BYTES) return null;
    const body = raw.subarray(0, ID_BYTES + 1);
    if (!timingSafeEqual(raw.subarray(ID_BYTES + 1), this.mac(body))) return null;
    const hex = body.subarray(0, ID_BYTES).toString('hex');
    return {
      messageId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
      position: body[ID_BYTES] ?? 0,
    };
  }

  private mac(body: Buffer): Buffer {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, MAC_BYTES);
  }
}

const perConfig = new WeakMap<object, LinkTokens>();

/** The tokens of a service's configuration (its key derives from `JWT_SECRET`; one per configuration). */
export function linkTokensOf(config: { JWT_SECRET: string }): LinkTokens {
  let tokens = perConfig.get(config);
  if (!tokens) {
    tokens = new LinkTokens(config.JWT_SECRET);
    perConfig.set(config, tokens);
  }
  return tokens;
}
