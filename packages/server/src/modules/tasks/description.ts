/**
 * Task descriptions are rich text from the editor. They are sanitised on the way in so no
 * script, event handler or foreign markup is ever stored: the editor's formatting, links,
 * images, code, tables, mentions and checklists (with their checked flag) survive.
 */
import sanitizeHtml from 'sanitize-html';

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'del',
    's',
    'u',
    'mark',
    'span',
    'input',
    'label',
    'h1',
    'h2',
  ],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    input: ['type', 'checked', 'disabled'],
    li: ['data-type', 'data-checked'],
    ul: ['data-type'],
    span: ['data-type', 'data-id', 'data-label', 'class'],
    code: ['class'],
    pre: ['class'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    p: ['style'],
  },
  allowedStyles: { p: { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['http', 'https', 'mailto', 'data'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
};

export function sanitizeDescription(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, options);
}
