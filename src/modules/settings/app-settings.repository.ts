import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { appSettings } from '../../platform/db/schema/index.js';

/** Money-like values are decimal strings, as stored in `numeric`; callers compute with decimal.js. */
export interface AppSettings {
  marketingRate: string;
  utilityRate: string;
  serviceRate: string;
  authenticationRate: string;
  pricePerCredit: string;
  lowCreditThreshold: string;
  affiliatePercentage: number;
  /** A message the Cloud API did not bill (`pricing.billable: false`) gives back what it was charged. */
  refundUnbilledMessages: boolean;
  /** Service replies a business sends free each calendar month (UTC) before the card prices them. */
  freeServiceAllowance: number;
  /** Whether replies inside the customer-service window are billed at all. */
  billWindowReplies: boolean;
}

/**
 * What a message is priced as, and the rate of the settings that prices it: a campaign message by its
 * template's category (or its declared type), a reply by its template's category, free text or media in the
 * window as a service message. The one map from a kind of message to its rate (campaigns and replies derive
 * theirs from it).
 */
export const MESSAGE_RATE_FIELD = {
  service: 'serviceRate',
  marketing: 'marketingRate',
  utility: 'utilityRate',
  authentication: 'authenticationRate',
} as const satisfies Record<string, keyof AppSettings>;
export type MessageCategory = keyof typeof MESSAGE_RATE_FIELD;

/** The settings' rate of a message of `category`: a decimal string. */
export const messageRate = (settings: AppSettings, category: MessageCategory): string =>
  settings[MESSAGE_RATE_FIELD[category]];

/** The built-in defaults (docs/api.md "Business rules"), answered while no settings are saved. */
export const DEFAULT_APP_SETTINGS: AppSettings = {
  marketingRate: '1',
  utilityRate: '0.5',
  serviceRate: '0.3',
  authenticationRate: '0.5',
  pricePerCredit: '0.02',
  lowCreditThreshold: '100',
  affiliatePercentage: 10,
  refundUnbilledMessages: true,
  freeServiceAllowance: 0,
  billWindowReplies: true,
};

const normalise = (v: string) => v.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

export async function getAppSettings(db: Db): Promise<AppSettings> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.id, 1));
  if (!row) return { ...DEFAULT_APP_SETTINGS };
  return {
    marketingRate: normalise(row.marketingRate),
    utilityRate: normalise(row.utilityRate),
    serviceRate: normalise(row.serviceRate),
    authenticationRate: normalise(row.authenticationRate),
    pricePerCredit: normalise(row.pricePerCredit),
    lowCreditThreshold: normalise(row.lowCreditThreshold),
    affiliatePercentage: row.affiliatePercentage,
    refundUnbilledMessages: row.refundUnbilledMessages,
    freeServiceAllowance: row.freeServiceAllowance,
    billWindowReplies: row.billWindowReplies,
  };
}

/**
 * Creates or updates the singleton; fields not given keep their current (or default) value. Only the given
 * columns are written on conflict, so two admins changing different settings at the same moment both keep
 * their change (a read-modify-write of the whole row would lose one).
 */
export async function saveAppSettings(db: Db, patch: Partial<AppSettings>): Promise<AppSettings> {
  const given = Object.fromEntries(
    Object.entries(patch).filter(([, v]) => v !== undefined),
  ) as Partial<AppSettings>;
  await db
    .insert(appSettings)
    .values({ id: 1, ...DEFAULT_APP_SETTINGS, ...given })
    .onConflictDoUpdate({ target: appSettings.id, set: { ...given, updatedAt: new Date() } });
  return getAppSettings(db);
}

/** The settings as JSON numbers, for responses only (computation stays on the decimal strings). */
export function toAppSettingsDto(s: AppSettings) {
  return {
    marketingRate: Number(s.marketingRate),
    utilityRate: Number(s.utilityRate),
    serviceRate: Number(s.serviceRate),
    authenticationRate: Number(s.authenticationRate),
    pricePerCredit: Number(s.pricePerCredit),
    lowCreditThreshold: Number(s.lowCreditThreshold),
    affiliatePercentage: s.affiliatePercentage,
    refundUnbilledMessages: s.refundUnbilledMessages,
    freeServiceAllowance: s.freeServiceAllowance,
    billWindowReplies: s.billWindowReplies,
  };
}
