import type { AnyRoute } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { can, hasRole, type Permission, type Role, type Session } from '../auth/session';

/** What a nav item's badge needs to stand as a link of its own: where it goes, its name and icon. */
export interface BadgeLink {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number }>;
}

/** A link in the console's navigation, shown to the roles that may use it. */
export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number }>;
  roles: readonly Role[];
  /** For a business member: the permission its role must hold to see the link (hidden otherwise). */
  permission?: Permission;
  /**
   * A live count beside the label (the inbox's unread conversations). Given `link`, it is also a link to the
   * item on its own (the phone header shows it beside the closed menu), and renders nothing when zero.
   */
  badge?: ComponentType<{ link?: BadgeLink }>;
  /** Active only on this exact path (an area's home, whose path starts every other page of the area). */
  exact?: boolean;
}

/**
 * A part of the console (business, admin, affiliate): its routes, children of the signed-in layout
 * (`appRoute`), and its navigation. Registered with one line in areas.ts.
 */
export interface Area<TRoutes extends readonly AnyRoute[] = readonly AnyRoute[]> {
  routes: TRoutes;
  nav: NavItem[];
  /** Where the area's links stand in the menu, lower first (0 when left out; ties keep areas.ts's order). */
  menuOrder?: number;
}

/**
 * An area with its routes' own types kept, so the route tree knows every path, parameter and search of the
 * console: links, `getRouteApi` and `navigate` are checked by the compiler.
 */
export function defineArea<const TRoutes extends readonly AnyRoute[]>(area: Area<TRoutes>): Area<TRoutes> {
  return area;
}

/** Thrown by `allow` when the signed-in account's role may not open a route: the layout shows NotAllowed. */
export class NotAllowedError extends Error {
  constructor() {
    super('Your account may not open this page');
    this.name = 'NotAllowedError';
  }
}

/** A route's `beforeLoad` that lets only these roles in (the API still checks every request). */
export function allow(...roles: Role[]) {
  return ({ context }: { context: { session?: Session | null } }) => {
    if (!hasRole(context.session, roles)) throw new NotAllowedError();
  };
}

/**
 * A business route's `beforeLoad`: only a business member whose role holds `permission` gets in; anyone else
 * sees NotAllowed. The console only hides; the API refuses the same requests on its own.
 */
export function allowTo(permission: Permission) {
  return ({ context }: { context: { session?: Session | null } }) => {
    if (!hasRole(context.session, ['business']) || !can(context.session, permission))
      throw new NotAllowedError();
  };
}

/** Whether a navigation link is the session's to see: its roles, and its permission for a business member. */
export function navVisible(session: Session, item: NavItem): boolean {
  if (!hasRole(session, item.roles)) return false;
  return !item.permission || !session.membership || can(session, item.permission);
}
