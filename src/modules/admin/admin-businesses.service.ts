import type { AppDeps } from '../../deps.js';
import type { AuthContext } from '../../platform/auth/principal.js';
import { BusinessRuleError, ForbiddenError, NotFoundError } from '../../platform/http/errors.js';
import { type PageQuery, toPage } from '../../platform/http/pagination.js';
import { rooms } from '../../platform/realtime-hub.js';
import {
  assignReferralCode,
  decideVerification,
  releaseWabaNumber,
  toBusinessProfile,
} from '../business/index.js';
import { findActiveUserPlan, toUserPlanDto } from '../plans/index.js';
import { getAppSettings } from '../settings/index.js';
import { listBusinessFiles } from '../uploads/index.js';
import { findWallet, toWalletDto } from '../wallet/index.js';
import { toAdminAccountDto } from './admin.dto.js';
import {
  countCampaignsAndContacts,
  findBusinessWithAccount,
  listActiveAdminIds,
  listBusinesses,
} from './admin.repository.js';

/**
 * Pushed to every administrator's room when a business's verification is decided, so a second admin working
 * the same queue sees the decision without reloading. Not a notification: nothing is stored for it.
 */
export const VERIFICATION_DECIDED_EVENT = 'businessVerificationDecided';

type Verified = 'pending' | 'accepted' | 'rejected';

/**
 * Four eyes: an administrator's decisions about a business their own account owns (its verification, making
 * it an affiliate and its commission) are another administrator's to take. Decided on the business row's
 * owner, not on the session's business: only the owner's session can submit a business for review, so this
 * also covers "the business the admin submitted" (docs/decisions/business.md).
 */
async function refuseOwnBusiness(db: AppDeps['db'], auth: AuthContext, businessId: string): Promise<void> {
  if (auth.businessId === businessId)
    throw new ForbiddenError('Another administrator must decide this for your own business');
  const found = await findBusinessWithAccount(db, businessId);
  if (found && found.business.accountId === auth.accountId)
    throw new ForbiddenError('Another administrator must decide this for your own business');
}

export class AdminBusinessesService {
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'notifier' | 'logger' | 'realtime'>) {}

  async list(
    q: PageQuery & { search?: string; verified?: Verified; submitted?: boolean; sort?: 'newest' | 'waiting' },
  ) {
    const { rows, total } = await listBusinesses(this.deps.db, q, q);
    const items = rows.map(({ business, account }) => ({
      ...toBusinessProfile(business),
      account: { id: account.id, name: account.name, email: account.email, verified: account.verified },
    }));
    return toPage(items, total, q);
  }

  /** The business with its account, wallet, active plan, and how many campaigns and contacts it has. */
  async detail(businessId: string) {
    const found = await findBusinessWithAccount(this.deps.db, businessId);
    if (!found) throw new NotFoundError('Business');
    const { business, account } = found;
    const [wallet, active, counts] = await Promise.all([
      findWallet(this.deps.db, businessId),
      findActiveUserPlan(this.deps.db, businessId),
      countCampaignsAndContacts(this.deps.db, businessId),
    ]);
    return {
      ...toBusinessProfile(business),
      account: toAdminAccountDto(account, business.id),
      wallet: wallet ? toWalletDto(wallet) : null,
      userPlan: active ? toUserPlanDto(active) : null,
      ...counts,
    };
  }

  /** What the business uploaded, so an admin can read its documents before deciding. */
  async files(businessId: string) {
    if (!(await findBusinessWithAccount(this.deps.db, businessId))) throw new NotFoundError('Business');
    return listBusinessFiles(this.deps.db, businessId);
  }

  async verify(
    auth: AuthContext,
    businessId: string,
    input: { status: 'accepted' | 'rejected'; reason?: string },
  ) {
    await refuseOwnBusiness(this.deps.db, auth, businessId);
    const reason = input.status === 'rejected' ? input.reason || null : null;
    const row = await decideVerification(this.deps.db, businessId, { status: input.status, reason });
    if (!row) {
      if (!(await findBusinessWithAccount(this.deps.db, businessId))) throw new NotFoundError('Business');
      throw new BusinessRuleError('Business is already verified');
    }
    await this.deps.notifier.toBusiness(
      businessId,
      input.status === 'accepted'
        ? {
            type: 'business.verified',
            title: 'Business verified',
            message:
              'Your business has been verified. You can now connect your messaging account and publish campaigns.',
          }
        : {
            type: 'business.rejected',
            title: 'Business verification rejected',
            message: reason
              ? `Your business verification was rejected. Reason: ${reason}`
              : 'Your business verification was rejected.',
          },
    );
    await this.announceDecision(row.id, input.status, reason);
    return toBusinessProfile(row);
  }

  /** Frees a business's WhatsApp number (a second business proved it is theirs); recorded, business told. */
  async releaseWabaNumber(auth: AuthContext, businessId: string) {
    const released = await releaseWabaNumber(this.deps.db, businessId, auth.accountId);
    if (released === undefined) throw new NotFoundError('Business');
    // Nothing held: already released (DELETE is idempotent), nothing to record or tell.
    if (released === null) return this.detail(businessId);
    await this.deps.notifier.toBusiness(businessId, {
      type: 'business.waba_number_released',
      title: 'WhatsApp number released',
      message: `An administrator released the WhatsApp number ${released} from your business. Save your provider details again with a number that is yours.`,
    });
    return this.detail(businessId);
  }

  private async announceDecision(businessId: string, status: 'accepted' | 'rejected', reason: string | null) {
    try {
      const payload = { businessId, status, reason, decidedAt: new Date().toISOString() };
      for (const id of await listActiveAdminIds(this.deps.db)) {
        this.deps.realtime.emit(rooms.admin(id), VERIFICATION_DECIDED_EVENT, payload);
      }
    } catch (err) {
      // The decision is saved; another admin's queue shows it on its next load.
      this.deps.logger.warn({ err, businessId }, 'verification decision not pushed to admins');
    }
  }

  /** Makes the business an affiliate; an existing referral code is kept, so links already shared still work. */
  async promoteAffiliate(auth: AuthContext, businessId: string, input: { affiliatePercentage?: number }) {
    await refuseOwnBusiness(this.deps.db, auth, businessId);
    const affiliatePercentage =
      input.affiliatePercentage ?? (await getAppSettings(this.deps.db)).affiliatePercentage;
    const row = await assignReferralCode(this.deps.db, businessId, {
      mode: 'keep',
      set: { type: 'affiliate', affiliatePercentage },
    });
    if (!row) throw new NotFoundError('Business');
    return toBusinessProfile(row);
  }
}
