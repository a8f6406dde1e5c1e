// The plans module's public surface: other modules import from here, never from its inner files.

export {
  activatePlan,
  debitPlanBalance,
  type PlanDebit,
  type PlanRateField,
  restorePlanBalance,
  takePlanBalance,
} from './plan-balance.js';
export { planCovers, toPlanDto, toUserPlanDto } from './plans.dto.js';
export { findActiveUserPlan, type PlanRow, type UserPlanRow } from './plans.repository.js';
export { plansRoutes } from './plans.routes.js';
export { userPlanSchema } from './plans.schemas.js';
