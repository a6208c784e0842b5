/**
 * Markdown (WeKan's descriptions, comments and checklist items) as the HTML Ordo's editor keeps.
 * Line breaks inside a paragraph stay breaks, as WeKan shows them. A list with task items
 * (`- [x] done`) becomes the editor's checklist, keeping what was ticked. Raw HTML in the text
 * passes through here: every description and comment is sanitised when it is written.
 */
import { Marked, type Tokens } from 'marked';

const markdown = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    // The tick is the item's data-checked below; the checkbox itself is not kept.
    checkbox: () => '',
    list(this: { parser: { parse(tokens: Tokens.Generic[]): string } }, token: Tokens.List) {
      if (!token.items.some((item) => item.task)) return false;
      const items = token.items.map((item) => {
        // A tight item's text has no paragraph of its own; the editor's items always have one.
        const content = item.tokens
          .map((part) => {
            const html = this.parser.parse([part]).trim();
            return part.type === 'text' && html !== '' ? `<p>${html}</p>` : html;
          })
          .join('');
        return `<li data-type="taskItem" data-checked="${item.checked === true}">${content}</li>`;
      });
      return `<ul data-type="taskList">${items.join('')}</ul>`;
    },
  },
});

export function markdownToHtml(text: string): string {
  if (text.trim() === '') return '';
  return (markdown.parse(text, { async: false }) as string).trim();
}

/** One line (a checklist item or title): inline marks only, no paragraph around it. */
export function markdownLineToHtml(text: string): string {
  return (markdown.parseInline(text.trim(), { async: false }) as string).trim();
}
