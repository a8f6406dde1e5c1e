import type { AppDeps } from '../../deps.js';
import { type AuthContext, isAdminRole } from '../../platform/auth/principal.js';
import { BusinessRuleError, NotFoundError } from '../../platform/http/errors.js';
import { type PageQuery, toPage } from '../../platform/http/pagination.js';
import { setAccountRole } from '../auth/index.js';
import { setDefaultPrices } from '../pricing/index.js';
import {
  type AppSettings,
  getAppSettings,
  MESSAGE_RATE_FIELD,
  saveAppSettings,
  toAppSettingsDto,
  toDecimalText,
} from '../settings/index.js';
import { toAdminAccountDto } from './admin.dto.js';
import { type AccountRow, findAccount, listAccounts } from './admin.repository.js';
import type { SaveSettingsInput } from './admin.schemas.js';

/** Accounts and the global settings: the administration that is not about one business. */
export class AdminAccountsService {
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'sessionSockets'>) {}

  async list(q: PageQuery & { search?: string; role?: AccountRow['role'] }) {
    const { rows, total } = await listAccounts(this.deps.db, q, q);
    return toPage(
      rows.map((r) => toAdminAccountDto(r.account, r.businessId)),
      total,
      q,
    );
  }

  /** Superadmin only (route guard). Changing one's own role would be a superadmin demoting itself. */
  async changeRole(auth: AuthContext, accountId: string, role: 'admin' | 'business' | 'user') {
    if (accountId === auth.accountId) throw new BusinessRuleError('You cannot change your own role');
    const before = await findAccount(this.deps.db, accountId);
    if (!before) throw new NotFoundError('Account');
    // Two superadmins demoting each other at once would leave none; nobody can undo that through the API.
    if (before.role === 'superadmin')
      throw new BusinessRuleError('A superadmin’s role cannot be changed through the API');
    const updated = await setAccountRole(this.deps.db, accountId, role);
    if (!updated) throw new NotFoundError('Account');
    // A demoted admin's sockets may sit in its admin room; joins are checked, rooms already joined are
    // not. Its session stays valid: a client that reconnects rejoins what the new role allows.
    if (isAdminRole(before.role) && !isAdminRole(role)) this.deps.sessionSockets.disconnectAccount(accountId);
    return toAdminAccountDto(updated.account, updated.businessId);
  }

  async settings() {
    return toAppSettingsDto(await getAppSettings(this.deps.db));
  }

  async saveSettings(auth: AuthContext, input: SaveSettingsInput) {
    const {
      affiliatePercentage,
      refundUnbilledMessages,
      freeServiceAllowance,
      billWindowReplies,
      ...decimals
    } = input;
    const patch: Partial<AppSettings> = {
      affiliatePercentage,
      refundUnbilledMessages,
      freeServiceAllowance,
      billWindowReplies,
    };
    for (const [key, value] of Object.entries(decimals) as [keyof typeof decimals, number | undefined][]) {
      if (value !== undefined) patch[key] = toDecimalText(value);
    }
    // A category's rate is the rate card's default row for it (what a recipient in an unlisted country pays):
    // saved there, with its history row, and the settings follow in the same transaction.
    const rates = Object.fromEntries(
      Object.entries(MESSAGE_RATE_FIELD).flatMap(([category, field]) =>
        patch[field] === undefined ? [] : [[category, patch[field]]],
      ),
    );
    const saved = await this.deps.db.transaction(async (tx) => {
      await setDefaultPrices(tx, rates, auth.accountId);
      return saveAppSettings(tx, patch);
    });
    return toAppSettingsDto(saved);
  }
}
