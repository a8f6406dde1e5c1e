/**
 * The roles a member of a business can have. Owner: the members module; what each role may do is the
 * permission table of `platform/auth/permissions.ts`. The database check, the API's schemas and the console's
 * lists (`web/src/api/model.ts`, by `npm run web:api`) are derived from this list.
 */
export const MEMBER_ROLES = ['owner', 'admin', 'marketer', 'agent', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
