/**
 * Markdown (WeKan's descriptions, comments and checklist items) as the HTML Ordo's editor keeps.
 * Line breaks inside a paragraph stay breaks, as WeKan shows them. Raw HTML in the text passes
 * through here: every description and comment is sanitised when it is written.
 */
import { Marked } from 'marked';

const markdown = new Marked({ gfm: true, breaks: true, async: false });

export function markdownToHtml(text: string): string {
  if (text.trim() === '') return '';
  return (markdown.parse(text, { async: false }) as string).trim();
}

/** One line (a checklist item or title): inline marks only, no paragraph around it. */
export function markdownLineToHtml(text: string): string {
  return (markdown.parseInline(text.trim(), { async: false }) as string).trim();
}
