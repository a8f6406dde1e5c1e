import type { AppDeps } from '../../deps.js';
import { type AuthContext, businessOf } from '../../platform/auth/principal.js';
import { sqlState, uniqueViolation } from '../../platform/db/errors.js';
import {
  BusinessRuleError,
  ConflictError,
  NotFoundError,
  ValidationError,
} from '../../platform/http/errors.js';
import { toE164, toGatewayNumber } from '../contacts/phone.js';
import { toUserPlanDto } from '../plans/plans.dto.js';
import { toWalletDto } from '../wallet/wallet.dto.js';
import { toBusinessProfile } from './business.dto.js';
import {
  type BusinessRow,
  type CredentialColumns,
  findBusiness,
  findBusinessView,
  submitForVerification,
  updateBusiness,
} from './business.repository.js';
import type { ProviderCredentialsInput, UpdateBusinessInput } from './business.schemas.js';
import { assignReferralCode } from './referral-codes.js';

/**
 * The caller's own business, always: every method takes the business id from the caller's session, never
 * from the request, so another tenant's business cannot be named, read or changed here.
 */
export class BusinessService {
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'secretBox' | 'notifier' | 'logger'>) {}

  async profile(auth: AuthContext) {
    return this.present({ id: businessOf(auth) });
  }

  async update(auth: AuthContext, input: UpdateBusinessInput) {
    const row = await updateBusiness(this.deps.db, businessOf(auth), input);
    if (!row) throw new NotFoundError('Business');
    return this.present(row);
  }

  async submitVerification(auth: AuthContext) {
    const businessId = businessOf(auth);
    const row = await submitForVerification(this.deps.db, businessId);
    if (!row) {
      if (!(await findBusiness(this.deps.db, businessId))) throw new NotFoundError('Business');
      throw new BusinessRuleError('Business is already verified');
    }
    await this.deps.notifier.toAdmins({
      type: 'business.verification_submitted',
      title: 'Business submitted for verification',
      message: `${row.companyName ?? 'A business'} submitted its profile for verification.`,
    });
    return this.present(row);
  }

  async regenerateReferralCode(auth: AuthContext) {
    const row = await assignReferralCode(this.deps.db, businessOf(auth), { mode: 'regenerate' });
    if (!row) throw new NotFoundError('Business');
    return this.present(row);
  }

  async saveProviderCredentials(auth: AuthContext, input: ProviderCredentialsInput) {
    const current = await this.own(auth);
    const e164 = toE164(input.wabaNumber, current.countryCode);
    if (!e164)
      throw ValidationError.field('wabaNumber', 'Not a valid phone number (include the country code)');
    const box = this.deps.secretBox;
    // Omitted optional fields keep their stored value; an empty string clears one.
    const optional = (v: string | undefined) => (v === undefined ? undefined : v || null);
    const sealOptional = (v: string | undefined) => (v === undefined ? undefined : v ? box.seal(v) : null);
    const columns: CredentialColumns = {
      provider: input.provider,
      wabaNumber: toGatewayNumber(e164),
      providerHSMID: input.providerHSMID,
      providerHSMPasswordEnc: box.seal(input.providerHSMPassword),
      wabaProviderId: optional(input.wabaProviderId),
      providerDashboardLogin: optional(input.providerDashboardLogin),
      providerDashboardPasswordEnc: sealOptional(input.providerDashboardPassword),
      providerTwowayLogin: optional(input.providerTwowayLogin),
      providerTwowayPasswordEnc: sealOptional(input.providerTwowayPassword),
    };
    let row: BusinessRow | null;
    try {
      row = await updateBusiness(this.deps.db, current.id, columns);
    } catch (err) {
      if (uniqueViolation(err) === 'businesses_waba_number_key')
        throw new ConflictError('This messaging number is used by another business', { field: 'wabaNumber' });
      // The driver's error quotes the statement's parameters, sealed passwords among them: it must reach
      // neither the client nor the log. Only its SQLSTATE goes on.
      throw new Error(`Storing provider credentials failed (SQLSTATE ${sqlState(err) ?? 'unknown'})`);
    }
    if (!row) throw new NotFoundError('Business');
    return this.present(row);
  }

  /** `{ ...profile, wallet, userPlan }` (SPEC.md "Business"), read in one round trip. */
  async present(row: Pick<BusinessRow, 'id'>) {
    const view = await findBusinessView(this.deps.db, row.id);
    if (!view) throw new NotFoundError('Business');
    return {
      ...toBusinessProfile(view.business),
      wallet: view.wallet ? toWalletDto(view.wallet) : null,
      userPlan:
        view.userPlan && view.plan ? toUserPlanDto({ userPlan: view.userPlan, plan: view.plan }) : null,
    };
  }

  private async own(auth: AuthContext): Promise<BusinessRow> {
    const row = await findBusiness(this.deps.db, businessOf(auth));
    if (!row) throw new NotFoundError('Business');
    return row;
  }
}
