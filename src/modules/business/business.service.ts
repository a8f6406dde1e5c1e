import type { AppDeps } from '../../deps.js';
import { type AuthContext, businessOf } from '../../platform/auth/principal.js';
import { sqlState, uniqueViolation } from '../../platform/db/errors.js';
import {
  BusinessRuleError,
  ConflictError,
  NotFoundError,
  StateConflictError,
  ValidationError,
} from '../../platform/http/errors.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { toE164, toGatewayNumber } from '../contacts/index.js';
import { toLimitStatus } from '../messages/index.js';
import { toUserPlanDto } from '../plans/index.js';
import { toWalletDto } from '../wallet/index.js';
import { toBusinessProfile } from './business.dto.js';
import {
  type BusinessRow,
  type BusinessView,
  type CredentialColumns,
  findBusiness,
  findBusinessView,
  lockBusiness,
  sendBackToReview,
  submitForVerification,
  updateBusiness,
} from './business.repository.js';
import type { ChargingInput, ProviderCredentialsInput, UpdateBusinessInput } from './business.schemas.js';
import { CLOUD_PROVIDER, findCloudNumberHolder, verifyCloudConnection } from './cloud-account.js';
import { assignReferralCode } from './referral-codes.js';
import { findWabaNumberHolder, hasClaimedANumber, recordWabaNumberEvent } from './waba-number-claims.js';

/** The fields an administrator reviewed when accepting a business. */
const REVIEWED_FIELDS = ['companyName', 'businessRegistrationNumber'] as const;

/**
 * The caller's own business, always: every method takes the business id from the caller's session, never
 * from the request, so another tenant's business cannot be named, read or changed here.
 */
export class BusinessService {
  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'secretBox' | 'notifier' | 'logger' | 'cloud' | 'sandboxes'>,
  ) {}

  /** `view`: what the request guard read beside the caller (`findPrincipalWithView`), when it did. */
  async profile(auth: AuthContext, view?: BusinessView | null) {
    const id = businessOf(auth);
    return view?.business.id === id ? this.shape(view) : this.present({ id });
  }

  /**
   * A verified business that changes what the admins reviewed (its company name or registration number)
   * goes back to review, and the admins are told: verification vouches for those values, not for whatever
   * comes later. Other fields change freely. The check and the write hold the row's lock, so a change
   * cannot slip past an acceptance being recorded at the same moment.
   */
  async update(auth: AuthContext, input: UpdateBusinessInput) {
    const businessId = businessOf(auth);
    const { row, reReview } = await this.deps.db.transaction(async (tx) => {
      const current = await lockBusiness(tx, businessId);
      if (!current) throw new NotFoundError('Business');
      const reReview =
        current.businessVerified === 'accepted' &&
        REVIEWED_FIELDS.some((f) => input[f] !== undefined && (input[f] ?? null) !== current[f]);
      const row = await updateBusiness(tx, businessId, input);
      if (reReview) await sendBackToReview(tx, businessId);
      if (row) {
        const fields = Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined);
        await recordAudit(tx, {
          businessId,
          actor: actorOf(auth),
          action: 'business.updated',
          target: { type: 'business', id: businessId },
          details: { fields: fields.sort(), backInReview: reReview },
        });
      }
      return { row, reReview };
    });
    if (!row) throw new NotFoundError('Business');
    if (reReview) {
      await this.deps.notifier.toAdmins({
        type: 'business.verification_submitted',
        title: 'Verified business changed its reviewed details',
        message: `${row.companyName ?? 'A business'} changed its company name or registration number and is back in review.`,
      });
      await this.deps.notifier.toBusiness(businessId, {
        type: 'business.review_again',
        title: 'Business back in review',
        message:
          'You changed your company name or registration number, so an administrator will review your business again.',
      });
    }
    return this.present({ id: businessId });
  }

  /**
   * `PUT /business/charging`: whether campaigns paid by credits are charged on delivery. Campaigns keep the
   * way they were published with (`campaigns.charge_on_delivery`), so a change applies to later publishes.
   * Audited when it changes; the same value again changes nothing.
   */
  async setCharging(auth: AuthContext, input: ChargingInput) {
    const businessId = businessOf(auth);
    await this.deps.db.transaction(async (tx) => {
      const current = await lockBusiness(tx, businessId);
      if (!current) throw new NotFoundError('Business');
      if (current.chargeOnDelivery === input.chargeOnDelivery) return;
      await updateBusiness(tx, businessId, { chargeOnDelivery: input.chargeOnDelivery });
      await recordAudit(tx, {
        businessId,
        actor: actorOf(auth),
        action: 'business.charging_changed',
        target: { type: 'business', id: businessId },
        details: { chargeOnDelivery: input.chargeOnDelivery },
      });
    });
    return this.present({ id: businessId });
  }

  async submitVerification(auth: AuthContext) {
    const businessId = businessOf(auth);
    const row = await this.deps.db.transaction(async (tx) => {
      const submitted = await submitForVerification(tx, businessId);
      if (submitted)
        await recordAudit(tx, {
          businessId,
          actor: actorOf(auth),
          action: 'business.verification_submitted',
          target: { type: 'business', id: businessId },
        });
      return submitted;
    });
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

  /**
   * `POST /business/provider/check`: whether the provider accepts these credentials, without storing them.
   * For the Cloud API, the checks a connection passes (`verifyCloudConnection`); the gateway has no such
   * call, so its credentials are only checked for shape.
   */
  async checkProviderCredentials(auth: AuthContext, input: ProviderCredentialsInput) {
    const current = await this.own(auth);
    const e164 = this.numberOf(input, current.countryCode);
    if (input.provider !== CLOUD_PROVIDER)
      return {
        provider: 'gateway' as const,
        checked: false,
        displayPhoneNumber: null,
        verifiedName: null,
        qualityRating: null,
      };
    const number = await this.verifyCloud(input, e164);
    return {
      provider: CLOUD_PROVIDER,
      checked: true,
      displayPhoneNumber: number.displayPhoneNumber,
      verifiedName: number.verifiedName,
      qualityRating: number.qualityRating,
    };
  }

  private numberOf(input: ProviderCredentialsInput, countryCode: string | null): string {
    const e164 = toE164(input.wabaNumber, countryCode);
    if (!e164)
      throw ValidationError.field('wabaNumber', 'Not a valid phone number (include the country code)');
    return e164;
  }

  /** The Cloud API's checks of a connection (`verifyCloudConnection`), after those of the fields' shape. */
  private verifyCloud(input: ProviderCredentialsInput, e164: string) {
    this.cloudFields(input);
    return verifyCloudConnection(this.deps, {
      wabaId: input.wabaProviderId!,
      phoneNumberId: input.providerHSMID,
      accessToken: input.providerHSMPassword,
      e164,
    });
  }

  /** A Cloud connection names its WhatsApp Business Account and phone-number id as digits. */
  private cloudFields(input: ProviderCredentialsInput): void {
    if (!input.wabaProviderId)
      throw ValidationError.field(
        'wabaProviderId',
        'The WhatsApp Business Account id is required for the Cloud API',
      );
    if (!/^\d{1,32}$/.test(input.wabaProviderId))
      throw ValidationError.field('wabaProviderId', 'The WhatsApp Business Account id is digits');
    if (!/^\d{1,32}$/.test(input.providerHSMID))
      throw ValidationError.field('providerHSMID', 'The phone-number id is digits');
  }

  async saveProviderCredentials(auth: AuthContext, input: ProviderCredentialsInput) {
    const current = await this.own(auth);
    const e164 = this.numberOf(input, current.countryCode);
    // The Cloud API is asked before anything is stored: a refusal stores nothing. Only a caller whose token
    // opens the number learns whether another business holds it.
    if (input.provider === CLOUD_PROVIDER) {
      await this.verifyCloud(input, e164);
      const holder = await findCloudNumberHolder(this.deps.db, input.providerHSMID, current.id);
      if (holder) await this.refusePhoneNumberId(current, input.providerHSMID, holder);
    }
    const box = this.deps.secretBox;
    // Omitted optional fields keep their stored value; an empty string clears one.
    const optional = (v: string | undefined) => (v === undefined ? undefined : v || null);
    // Sealed bound to this business: a value copied to another business's row does not open there.
    const sealOptional = (v: string | undefined) =>
      v === undefined ? undefined : v ? box.seal(v, current.id) : null;
    const columns: CredentialColumns = {
      provider: input.provider,
      wabaNumber: toGatewayNumber(e164),
      providerHSMID: input.providerHSMID,
      providerHSMPasswordEnc: box.seal(input.providerHSMPassword, current.id),
      wabaProviderId: optional(input.wabaProviderId),
      providerDashboardLogin: optional(input.providerDashboardLogin),
      providerDashboardPasswordEnc: sealOptional(input.providerDashboardPassword),
      providerTwowayLogin: optional(input.providerTwowayLogin),
      providerTwowayPasswordEnc: sealOptional(input.providerTwowayPassword),
    };
    const wabaNumber = columns.wabaNumber!;
    const holder = await findWabaNumberHolder(this.deps.db, wabaNumber, current.id);
    if (holder) await this.refuseClaim(current, wabaNumber, holder.id, holder.companyName);
    let row: BusinessRow | null;
    let reReview = false;
    try {
      row = await this.deps.db.transaction(async (tx) => {
        const saved = await updateBusiness(tx, current.id, columns);
        if (saved)
          await recordAudit(tx, {
            businessId: current.id,
            actor: actorOf(auth),
            action: 'provider.credentials_saved',
            target: { type: 'business', id: current.id },
            details: credentialChanges(current, input, columns),
          });
        if (saved && current.wabaNumber !== wabaNumber) {
          // The number is the identity messages go out under: any number after the first one connected
          // (changed, or claimed again after a release) is reviewed again (docs/decisions/business.md).
          if (current.wabaNumber || (await hasClaimedANumber(tx, current.id)))
            reReview = await sendBackToReview(tx, current.id);
          if (current.wabaNumber)
            await recordWabaNumberEvent(tx, {
              businessId: current.id,
              wabaNumber: current.wabaNumber,
              action: 'released',
              actorAccountId: auth.accountId,
            });
          await recordWabaNumberEvent(tx, {
            businessId: current.id,
            wabaNumber,
            action: 'claimed',
            actorAccountId: auth.accountId,
          });
        }
        return saved;
      });
    } catch (err) {
      if (uniqueViolation(err) === 'businesses_cloud_phone_number_id_key') {
        // Connected by another business between the look-up and the write.
        const raced = await findCloudNumberHolder(this.deps.db, input.providerHSMID, current.id);
        await this.refusePhoneNumberId(current, input.providerHSMID, raced);
      }
      if (uniqueViolation(err) === 'businesses_waba_number_key') {
        // Claimed by another business between the look-up and the write.
        const raced = await findWabaNumberHolder(this.deps.db, wabaNumber, current.id);
        await this.refuseClaim(current, wabaNumber, raced?.id ?? null, raced?.companyName ?? null);
      }
      // The driver's error quotes the statement's parameters, sealed passwords among them: it must reach
      // neither the client nor the log. Only its SQLSTATE goes on.
      throw new Error(`Storing provider credentials failed (SQLSTATE ${sqlState(err) ?? 'unknown'})`);
    }
    if (!row) throw new NotFoundError('Business');
    if (reReview) {
      await this.deps.notifier.toAdmins({
        type: 'business.verification_submitted',
        title: 'Verified business changed its WhatsApp number',
        message: `${row.companyName ?? 'A business'} changed its WhatsApp number to ${wabaNumber} and is back in review.`,
      });
      await this.deps.notifier.toBusiness(current.id, {
        type: 'business.review_again',
        title: 'Business back in review',
        message:
          'You changed your WhatsApp number, so an administrator will review your business again before you can send campaigns.',
      });
      return this.present({ id: current.id });
    }
    return this.present(row);
  }

  /**
   * A number already held by another business: the claimant gets a clear 400 and the admins hear about
   * both businesses (one of them may be squatting the other's number; an admin can
   * release it).
   */
  private async refuseClaim(
    claimant: BusinessRow,
    wabaNumber: string,
    holderId: string | null,
    holderName: string | null,
  ): Promise<never> {
    // A refused request changes nothing stored (the 400 rule); the admins' notification is the record.
    try {
      await this.deps.notifier.toAdmins({
        type: 'business.waba_number_refused',
        title: 'WhatsApp number claimed twice',
        message: `${claimant.companyName ?? 'A business'} (${claimant.id}) tried to save the WhatsApp number ${wabaNumber}, held by ${holderName ?? 'another business'} (${holderId ?? 'unknown'}). Release it from the holder if the claimant owns it.`,
      });
    } catch (err) {
      this.deps.logger.error({ err }, 'admin notification not created');
    }
    throw new ConflictError(
      'This WhatsApp number is already claimed by another business. An administrator has been told and can release it if it is yours.',
      { field: 'wabaNumber' },
    );
  }

  /**
   * A Cloud phone-number id another business is connected with: a 409 naming the field, nothing stored, the
   * admins told of both. Two businesses on one number would leave its inbound messages (STOP among them)
   * with no owner, so one holds it at a time (docs/decisions/cloud-api.md "Whose is a phone-number id?").
   */
  private async refusePhoneNumberId(
    claimant: BusinessRow,
    phoneNumberId: string,
    holder: { id: string; companyName: string | null } | null,
  ): Promise<never> {
    try {
      await this.deps.notifier.toAdmins({
        type: 'business.waba_number_refused',
        title: 'WhatsApp Cloud number claimed twice',
        message: `${claimant.companyName ?? 'A business'} (${claimant.id}) tried to connect the Cloud phone-number id ${phoneNumberId}, connected to ${holder?.companyName ?? 'another business'} (${holder?.id ?? 'unknown'}).`,
      });
    } catch (err) {
      this.deps.logger.error({ err }, 'admin notification not created');
    }
    throw new StateConflictError(
      'This WhatsApp phone-number id is already connected to another business. An administrator has been told.',
      { reason: 'conflict', field: 'providerHSMID' },
    );
  }

  /**
   * `{ ...profile, wallet, userPlan }` (docs/decisions/business.md "What does `GET /business` answer?"), read in one round trip.
   */
  async present(row: Pick<BusinessRow, 'id'>) {
    const view = await findBusinessView(this.deps.db, row.id);
    if (!view) throw new NotFoundError('Business');
    return this.shape(view);
  }

  private shape(view: BusinessView) {
    return {
      ...toBusinessProfile(view.business),
      wallet: view.wallet ? toWalletDto(view.wallet) : null,
      userPlan:
        view.userPlan && view.plan ? toUserPlanDto({ userPlan: view.userPlan, plan: view.plan }) : null,
      messagingLimit: toLimitStatus(view.messagingLimit),
    };
  }

  private async own(auth: AuthContext): Promise<BusinessRow> {
    const row = await findBusiness(this.deps.db, businessOf(auth));
    if (!row) throw new NotFoundError('Business');
    return row;
  }
}

/** Provider credential fields a business stores; the secret ones only ever as sealed values. */
const PLAIN_FIELDS = [
  'provider',
  'wabaNumber',
  'providerHSMID',
  'wabaProviderId',
  'providerDashboardLogin',
  'providerTwowayLogin',
] as const;
const SECRET_FIELDS = {
  providerHSMPassword: 'providerHSMPasswordEnc',
  providerDashboardPassword: 'providerDashboardPasswordEnc',
  providerTwowayPassword: 'providerTwowayPasswordEnc',
} as const;

/**
 * What a save of provider credentials changed, by field name only: which plain fields took a new value, which
 * secrets were set (a sealed value cannot be compared, so a given secret counts as set) and which fields were
 * cleared. Never a value: the audit log is read by every admin and kept a year.
 */
function credentialChanges(
  current: BusinessRow,
  input: ProviderCredentialsInput,
  columns: CredentialColumns,
): { provider: string; first: boolean; changed: string[]; secretsSet: string[]; cleared: string[] } {
  const changed: string[] = [];
  const cleared: string[] = [];
  for (const field of PLAIN_FIELDS) {
    const next = columns[field];
    if (next === undefined) continue;
    if (next === null && current[field] !== null) cleared.push(field);
    else if (next !== null && next !== current[field]) changed.push(field);
  }
  const secretsSet: string[] = [];
  for (const [field, column] of Object.entries(SECRET_FIELDS)) {
    const given = input[field as keyof typeof SECRET_FIELDS];
    if (given === undefined) continue;
    if (given) secretsSet.push(field);
    else if (current[column] !== null) cleared.push(field);
  }
  return {
    provider: input.provider,
    first: !current.providerHSMPasswordEnc,
    changed,
    secretsSet,
    cleared,
  };
}
