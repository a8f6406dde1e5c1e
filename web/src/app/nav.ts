import type { NavItem } from './area';

let items: NavItem[] = [];

/** Set once by the route tree from every registered area, in their order. */
export function registerNav(all: NavItem[]): void {
  items = all;
}

export function navItems(): NavItem[] {
  return items;
}
