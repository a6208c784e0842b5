/**
 * How the app scrolls something into view: smoothly, unless the user's system asks for reduced
 * motion (then it jumps, as browsers do for their own scrolling).
 */
export function scrollMotion(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
