import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute, publicRoute } from '../app/layout-route';
import { searchParams, str } from '../ui/search';

const redirectSearch = searchParams((s) => ({
  redirect: typeof s.redirect === 'string' ? s.redirect : undefined,
}));

export const signInRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/sign-in',
  validateSearch: redirectSearch,
  component: lazyRouteComponent(() => import('./SignIn'), 'SignIn'),
});

const signUpRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/sign-up',
  // An affiliate's link carries its code: the form starts with it, still editable.
  validateSearch: searchParams((s) => ({ referralCode: str(s.referralCode) })),
  component: lazyRouteComponent(() => import('./SignUp'), 'SignUp'),
});

const forgotRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/forgot-password',
  component: lazyRouteComponent(() => import('./PasswordReset'), 'ForgotPassword'),
});

const resetRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/reset-password',
  validateSearch: searchParams((s) => ({
    email: typeof s.email === 'string' ? s.email : undefined,
    // The single-use token of the link in the reset e-mail: it stands for the e-mail and the code.
    token: typeof s.token === 'string' ? s.token : undefined,
  })),
  component: lazyRouteComponent(() => import('./PasswordReset'), 'ResetPassword'),
});

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** The identity provider's redirect back to the console (IDENTITY_PROVIDER_REDIRECT_URI). */
const identityCallbackRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/oauth/callback',
  validateSearch: searchParams((s) => ({
    code: text(s.code),
    state: text(s.state),
    error: text(s.error),
    error_description: text(s.error_description),
  })),
  component: lazyRouteComponent(() => import('./IdentityProvider'), 'IdentityProviderCallback'),
});

/** The signed-out pages. */
export const authRoutes = [signInRoute, signUpRoute, forgotRoute, resetRoute, identityCallbackRoute];

const verifyRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/verify-email',
  // The link in the verification e-mail carries a single-use token: the page sends it instead of a code.
  validateSearch: searchParams((s) => ({ token: text(s.token) })),
  component: lazyRouteComponent(() => import('./VerifyEmail'), 'VerifyEmail'),
});

/** Pages of the auth flow that need the session (verify the e-mail right after sign-up). */
export const signedInAuthRoutes = [verifyRoute];
