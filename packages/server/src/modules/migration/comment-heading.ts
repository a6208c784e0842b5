/**
 * A comment someone else wrote, as the importing user's comment: it starts with who wrote it and
 * the day, in italics, so the thread still reads as the conversation it was.
 */
import { escapeHtml } from '../rich-text/escape-html.js';

/** `who` and `day` (YYYY-MM-DD) may each be empty; with both empty the comment stays as it was. */
export function withAuthorHeading(who: string, day: string, html: string): string {
  const heading = [who.trim(), day].filter((part) => part !== '').join(', ');
  return heading ? `<p><em>${escapeHtml(heading)}:</em></p>${html}` : html;
}
