import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { type ComponentPropsWithRef, forwardRef } from 'react';

const MantineAnchor = forwardRef<HTMLAnchorElement, AnchorProps & ComponentPropsWithRef<'a'>>(
  (props, ref) => <Anchor ref={ref} {...props} />,
);
const RouterAnchor = createLink(MantineAnchor);

/**
 * A console link drawn as Mantine's Anchor, checked by the router: its path, parameters and search must be
 * those of a route (`<AnchorLink to="/admin/accounts" search={{ account: id }}>`).
 */
export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => <RouterAnchor {...props} />;
