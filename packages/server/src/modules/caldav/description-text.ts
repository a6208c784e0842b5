/**
 * Task descriptions are HTML; a VTODO's DESCRIPTION is plain text. Out, the HTML becomes text
 * with its paragraphs and line breaks kept; in, text becomes paragraphs. A client that sends
 * back the text it was given leaves the HTML as it was (vtodo-input.ts), so formatting made in
 * the web app survives a sync.
 */
import { escapeHtml } from '../rich-text/escape-html.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function htmlToText(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(p|div|li|h[1-6]|blockquote|pre|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return plainText(decodeEntities(text));
}

/**
 * Text in the form htmlToText gives: line breaks as \n, no more than one blank line in a row (the
 * newlines that lay out HTML source would add more), nothing blank at either end. A client's text
 * and a task's HTML say the same when their plain texts are equal.
 */
export function plainText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** One paragraph per line, as the web editor writes them. */
export function textToHtml(text: string): string {
  const trimmed = text.replace(/\r\n?/g, '\n').trim();
  if (!trimmed) return '';
  return trimmed
    .split('\n')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}
