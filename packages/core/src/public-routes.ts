/**
 * The web app's addresses a visitor without a session may open (spec 1 §2): the web app's
 * navigation guard lets them through, and the server draws no login page for them
 * (server: http/login-screen.ts). Every other address sends such a visitor to the login page.
 */
const PUBLIC_ROUTES = [
  /^\/login\/?$/,
  /^\/register\/?$/,
  /^\/get-password-reset\/?$/,
  /^\/password-reset\/?$/,
  /^\/share\/[^/]+\/auth\/?$/,
  /^\/auth\/openid\/[^/]+\/?$/,
];

export function isPublicRoute(pathname: string): boolean {
  return PUBLIC_ROUTES.some((route) => route.test(pathname));
}
