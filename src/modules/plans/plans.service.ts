import type { AppDeps } from '../../deps.js';
import type { AuthContext } from '../../platform/auth/principal.js';
import { isAdminRole } from '../../platform/auth/principal.js';
import { NotFoundError } from '../../platform/http/errors.js';
import { type PageQuery, toPage } from '../../platform/http/pagination.js';
import { findExchangeRate } from '../exchange-rates/index.js';
import { toDecimalText } from '../settings/index.js';
import { toPlanDto, toPricedPlanDto, toUserPlanDto } from './plans.dto.js';
import {
  findActiveUserPlan,
  findPlan,
  insertPlan,
  listPlans,
  type NewPlan,
  updatePlan,
} from './plans.repository.js';
import type { CreatePlanInput, UpdatePlanInput } from './plans.schemas.js';

const RATE_FIELDS = ['marketingRate', 'utilityRate', 'serviceRate', 'authenticationRate'] as const;

/** Rates arrive as JSON numbers and are stored from their exact decimal text. */
function toPlanColumns(input: UpdatePlanInput): Partial<NewPlan> {
  const { marketingRate, utilityRate, serviceRate, authenticationRate, ...rest } = input;
  const columns: Partial<NewPlan> = { ...rest };
  const rates = { marketingRate, utilityRate, serviceRate, authenticationRate };
  for (const field of RATE_FIELDS) {
    const value = rates[field];
    if (value !== undefined) columns[field] = toDecimalText(value);
  }
  return columns;
}

export class PlansService {
  constructor(private readonly deps: Pick<AppDeps, 'db'>) {}

  async listActive(auth: AuthContext, q: PageQuery & { search?: string }) {
    const [{ rows, total }, rate] = await Promise.all([
      listPlans(this.deps.db, { activeOnly: true, search: q.search }, q),
      this.localRate(auth),
    ]);
    return toPage(
      rows.map((row) => toPricedPlanDto(row, rate)),
      total,
      q,
    );
  }

  /** Inactive plans are hidden from businesses (404), still visible to administrators. */
  async get(auth: AuthContext, id: string) {
    const row = await findPlan(this.deps.db, id, { activeOnly: !isAdminRole(auth.role) });
    if (!row) throw new NotFoundError('Plan');
    return toPricedPlanDto(row, await this.localRate(auth));
  }

  async myPlan(auth: AuthContext) {
    if (!auth.businessId) return null;
    const active = await findActiveUserPlan(this.deps.db, auth.businessId);
    return active ? toUserPlanDto(active) : null;
  }

  async listAll() {
    const { rows } = await listPlans(this.deps.db, { activeOnly: false });
    return rows.map(toPlanDto);
  }

  async create(input: CreatePlanInput) {
    return toPlanDto(await insertPlan(this.deps.db, toPlanColumns(input) as NewPlan));
  }

  async update(id: string, input: UpdatePlanInput) {
    const row = await updatePlan(this.deps.db, id, toPlanColumns(input));
    if (!row) throw new NotFoundError('Plan');
    return toPlanDto(row);
  }

  async deactivate(id: string) {
    const row = await updatePlan(this.deps.db, id, { isActive: false });
    if (!row) throw new NotFoundError('Plan');
    return toPlanDto(row);
  }

  private async localRate(auth: AuthContext) {
    const countryCode = auth.businessCountryCode;
    return countryCode ? findExchangeRate(this.deps.db, countryCode) : null;
  }
}
