import { ASSIGNABLE_ROLES } from '../../api/model';
import type { MemberRole } from '../../auth/session';
import { stateBadge } from '../../ui/badges';

export { ASSIGNABLE_ROLES };
/** A role an invitation or a role change may give (the owner's role moves only by a handover). */
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** Each role in words, as the role pickers describe it (docs/api.md "Members, roles and permissions"). */
export const ROLE_LABELS: Record<MemberRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  marketer: 'Marketer',
  agent: 'Agent',
  viewer: 'Viewer',
};

export const ROLE_HELP: Record<AssignableRole, string> = {
  admin: 'Everything but handing over the business',
  marketer: 'Contacts, templates, campaigns and reports',
  agent: 'Answers conversations in the inbox',
  viewer: 'Reads campaigns and reports',
};

/** A member's role in words; the owner stands out, the others read alike. */
export const RoleBadge = stateBadge<MemberRole>(
  { owner: 'violet', admin: 'blue', marketer: 'gray', agent: 'gray', viewer: 'gray' },
  ROLE_LABELS,
);
