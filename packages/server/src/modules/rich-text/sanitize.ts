/**
 * The one policy for every rich-text field Ordo stores (task descriptions, comments, project,
 * saved-filter, team and label descriptions): the markup the web app's editor writes (tiptap's
 * starter kit with task lists) and what Vikunja's editor adds (attachment images, tables with
 * column widths and cell colours, sub- and superscript, highlights, mentions, ids on checklist
 * items and quoted comments) survives byte for byte; scripts, styles, event handlers, forms,
 * frames and any other markup are dropped (their text kept, except script and style contents).
 *
 * Links may point only to http, https, mailto or relative URLs and images only to http, https or
 * relative ones (attachment images are `/api/v1/tasks/…/attachments/…`), so no `javascript:`,
 * `data:` or `vbscript:` URL is stored, however it is spelt: entities are decoded and whitespace
 * and control characters dropped before the scheme is checked, case-insensitively.
 */
import sanitizeHtml from 'sanitize-html';

const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const blocks = ['p', 'br', 'hr', 'blockquote', 'pre', 'div', ...headings];
const inline = ['strong', 'b', 'em', 'i', 'u', 's', 'del', 'strike', 'mark', 'code', 'sub', 'sup', 'span'];
const lists = ['ul', 'ol', 'li', 'label', 'input'];
const tables = ['table', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];
// Vikunja's table cells may carry a background colour: `data-background-color` and its style.
const cell = ['colspan', 'rowspan', 'colwidth', 'data-background-color', 'style'];

/** A table's or column's `style` of tiptap's tables: widths in pixels, nothing else. */
const WIDTHS = /^\s*(min-)?width:\s*\d+(\.\d+)?px\s*(;\s*(min-)?width:\s*\d+(\.\d+)?px\s*)*;?\s*$/;
/** A table cell's `style`: a background colour by hex, rgb() or name, nothing else. */
const BACKGROUND = /^\s*background-color:\s*(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+)\s*;?\s*$/i;

function without(tagName: string, attribs: sanitizeHtml.Attributes, name: string): sanitizeHtml.Tag {
  const { [name]: _, ...rest } = attribs;
  return { tagName, attribs: rest };
}

function styleMatching(pattern: RegExp) {
  return (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => {
    const unsafe = attribs.style !== undefined && !pattern.test(attribs.style);
    return unsafe ? without(tagName, attribs, 'style') : { tagName, attribs };
  };
}

/** A link may open in a new tab (the editor's links do), not in a named or parent frame. */
function newTabOnly(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const other = attribs.target !== undefined && attribs.target !== '_blank';
  return other ? without(tagName, attribs, 'target') : { tagName, attribs };
}

const policy: sanitizeHtml.IOptions = {
  allowedTags: [...blocks, ...inline, ...lists, ...tables, 'a', 'img'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    // Vikunja's editor writes an attachment image as `src="#"` with the URL in `data-src`.
    img: ['src', 'data-src', 'alt', 'title', 'width', 'height'],
    ul: ['data-type'],
    ol: ['start', 'type'],
    // Task lists: `<li data-type="taskItem" data-checked="true"><label><input type="checkbox">`
    li: ['data-type', 'data-checked', 'data-task-id'],
    // A comment quoting another: `<blockquote data-comment-id="12">` (Vikunja)
    blockquote: ['data-comment-id'],
    input: [{ name: 'type', multiple: false, values: ['checkbox'] }, 'checked', 'disabled'],
    // Mentions: `<span data-type="mention" data-id="…" data-label="…" class="mention">`
    span: ['data-type', 'data-id', 'data-label'],
    th: cell,
    td: cell,
    table: ['style'],
    col: ['style'],
  },
  // Styles are checked whole below and kept as written (the CSS parser would respace them).
  parseStyleAttributes: false,
  transformTags: {
    table: styleMatching(WIDTHS),
    col: styleMatching(WIDTHS),
    td: styleMatching(BACKGROUND),
    th: styleMatching(BACKGROUND),
    a: newTabOnly,
  },
  selfClosing: [...sanitizeHtml.defaults.selfClosing, 'col'],
  allowedClasses: { code: ['language-*'], span: ['mention'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'data-src'],
  allowProtocolRelative: false,
  // Only the checkbox of a task item: an input of another type would be a form field.
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
  // Browsers (and so the editor) write a no-break space as `&nbsp;`; the parser decodes it.
  textFilter: (text) => text.replace(/\u00a0/g, '&nbsp;'),
};

/** Sanitises rich text by the policy above; null or empty input gives ''. Idempotent. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  // sanitize-html writes void elements XHTML-style (`<br />`); the editor writes `<br>`. Text and
  // attribute values come out with `>` escaped, so ` />` is only ever the end of a void tag.
  return sanitizeHtml(html, policy).replaceAll(' />', '>');
}
