// The plans module's public surface: other modules import from here, never from its repository.
export { toUserPlanDto } from './plans.dto.js';
export { findActiveUserPlan, type PlanRow, type UserPlanRow } from './plans.repository.js';
