/**
 * `@username` mentions in task descriptions and comments (reference §4.14). Both are HTML, so tags
 * are dropped first (an attribute like `href="mailto:a@b"` is no mention) and entities for the
 * characters around a name are decoded. A mention starts at the beginning of the text or after a
 * character that cannot be part of a word or an e-mail address, so `mail@example.com` names nobody.
 */

// Usernames may hold letters, digits and . _ - (Vikunja's own rule); a trailing dot ends a sentence.
const MENTION = /(?:^|[^\p{L}\p{N}_.@-])@([\p{L}\p{N}_.-]+)/gu;

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&#0*64;|&commat;/g, '@')
    .replace(/&amp;/g, '&');
}

/** The distinct usernames mentioned in the text, lower-cased, in order of first mention. */
export function mentionedUsernames(html: string): string[] {
  const names = new Set<string>();
  for (const match of plainText(html).matchAll(MENTION)) {
    const name = match[1].replace(/\.+$/, '').toLowerCase();
    if (name) names.add(name);
  }
  return [...names];
}

/** Usernames mentioned in `now` that were not mentioned in `before` (an edit's new mentions). */
export function newlyMentionedUsernames(before: string, now: string): string[] {
  const old = new Set(mentionedUsernames(before));
  return mentionedUsernames(now).filter((name) => !old.has(name));
}
