/**
 * A cookie the web app keeps while this browser holds a session, so the server knows which first
 * screen to send for an address it is asked for: the login form drawn on the server for a visitor
 * who is not signed in, index.html (whose app opens the signed-in screen) for one who is. The
 * session itself is the token the app keeps in the browser's storage; this cookie grants nothing,
 * and a wrong hint only costs the faster screen.
 */
export const SIGNED_IN_HINT_COOKIE = 'ordo_signed_in';

/** Whether a request's Cookie header carries the hint. */
export function hasSignedInHint(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => pair.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}

/**
 * The `document.cookie` assignment that sets the hint: for the tab's life (a session the browser
 * forgets when it closes) or, for a remembered login, 400 days (the longest browsers keep one).
 */
export function signedInHintCookie({ remembered, secure }: { remembered: boolean; secure: boolean }): string {
  return [
    `${SIGNED_IN_HINT_COOKIE}=1`,
    'Path=/',
    'SameSite=Lax',
    ...(remembered ? [`Max-Age=${400 * 24 * 60 * 60}`] : []),
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The `document.cookie` assignment that removes the hint. */
export const SIGNED_OUT_HINT_COOKIE = `${SIGNED_IN_HINT_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0`;
