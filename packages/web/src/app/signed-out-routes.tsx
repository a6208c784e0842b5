/** The pages without a session (spec 1 §2), in the signed-out shell; each loads on first use. */
import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';

const LoginPage = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/auth/register-page'), 'RegisterPage');
const PasswordResetRequestPage = lazyPage(
  () => import('../features/auth/password-reset-request-page'),
  'PasswordResetRequestPage',
);
const PasswordResetPage = lazyPage(() => import('../features/auth/password-reset-page'), 'PasswordResetPage');
const LinkShareAuthPage = lazyPage(
  () => import('../features/link-share/link-share-auth-page'),
  'LinkShareAuthPage',
);
const OpenIdCallbackPage = lazyPage(
  () => import('../features/auth/openid-callback-page'),
  'OpenIdCallbackPage',
);

export const signedOutRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage />, handle: { title: 'auth.login.title' } },
  { path: 'register', element: <RegisterPage />, handle: { title: 'auth.register.title' } },
  {
    path: 'get-password-reset',
    element: <PasswordResetRequestPage />,
    handle: { title: 'auth.resetRequest.title' },
  },
  { path: 'password-reset', element: <PasswordResetPage />, handle: { title: 'auth.reset.title' } },
  { path: 'share/:share/auth', element: <LinkShareAuthPage />, handle: { title: 'linkShare.title' } },
  { path: 'auth/openid/:provider', element: <OpenIdCallbackPage />, handle: { title: 'auth.openid.title' } },
];
