import { createHmac, timingSafeEqual } from 'node:crypto';

/** Bytes of the signature kept in a token: 64 bits, beyond guessing at any rate a server answers. */
const MAC_BYTES = 8;
const ID_BYTES = 16;

/** Where a tracked link leads: a message of a campaign and the position of one of the campaign's links. */
export interface LinkRef {
  campaignId: string;
  messageId: string;
  position: number;
}

/** A token's length in characters. */
export const TOKEN_LENGTH = 55;

const hex = (b: Buffer) => {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/**
 * Tokens of tracked links: the campaign and message ids, the link's position and a keyed signature of them,
 * in base64url (55 characters). Nothing is stored per token, so a publish writes no row per message and
 * link; the signature makes them unguessable, checking it costs no database read for a forged one, and the
 * campaign id lets the redirect find the URL in its cache of the campaign's links without reading at all.
 */
export class LinkTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('tracked-links').digest();
  }

  sign(ref: LinkRef): string {
    const body = Buffer.alloc(2 * ID_BYTES + 1);
    Buffer.from(ref.campaignId.replace(/-/g, ''), 'hex').copy(body);
    Buffer.from(ref.messageId.replace(/-/g, ''), 'hex').copy(body, ID_BYTES);
    body[2 * ID_BYTES] = ref.position;
    return Buffer.concat([body, this.mac(body)]).toString('base64url');
  }

  /** The link a token names, or null for anything that is not a token this service signed. */
  verify(token: string): LinkRef | null {
    if (token.length !== TOKEN_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
    const raw = Buffer.from(token, 'base64url');
    if (raw.length !== 2 * ID_BYTES + 1 + MAC_BYTES) return null;
    const body = raw.subarray(0, 2 * ID_BYTES + 1);
    if (!timingSafeEqual(raw.subarray(2 * ID_BYTES + 1), this.mac(body))) return null;
    return {
      campaignId: hex(body.subarray(0, ID_BYTES)),
      messageId: hex(body.subarray(ID_BYTES, 2 * ID_BYTES)),
      position: body[2 * ID_BYTES] ?? 0,
    };
  }

  private mac(body: Buffer): Buffer {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, MAC_BYTES);
  }
}
