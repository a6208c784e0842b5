/**
 * Saved rich text (descriptions, comments) made ready to show as plain HTML, without an editor:
 * cleaned again in the browser, every checklist item given its checkbox, links opened in a new tab.
 * The server cleans rich text when it is written (modules/rich-text/sanitize.ts); cleaning it here
 * too keeps anything stored by another way (an old database, a restore) from running in the page.
 */
import DOMPurify from 'dompurify';

/** A checklist item as the editor and Vikunja write it: `<li data-type="taskItem" data-checked>`. */
export const CHECKLIST_ITEM = 'li[data-type="taskItem"]';

const purify = DOMPurify();
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

const POLICY = {
  // Images are left out, as the editor's view left them out: an attachment image needs the
  // session to load, and an outside one would tell its host who read the task.
  FORBID_TAGS: ['img', 'style', 'form', 'button', 'textarea', 'select'],
  FORBID_ATTR: ['id', 'name'],
};

/** The item's own checkbox: the editor writes `<label><input type="checkbox"><span></span></label>`. */
function checkboxOf(item: Element): HTMLInputElement | null {
  const label = item.querySelector(':scope > label');
  return label?.querySelector('input[type="checkbox"]') ?? null;
}

/**
 * Gives each checklist item the editor's shape (a label with the checkbox, then the text in a
 * div): Vikunja and CalDAV clients write an item as `<li data-type="taskItem"><p>…</p></li>`.
 * The checkbox follows `data-checked`, the flag both write, and is named by the item's text.
 */
function shapeChecklistItems(root: ParentNode, writable: boolean) {
  for (const item of root.querySelectorAll(CHECKLIST_ITEM)) {
    let checkbox = checkboxOf(item);
    if (!checkbox) {
      const content = item.ownerDocument.createElement('div');
      content.append(...item.childNodes);
      const label = item.ownerDocument.createElement('label');
      checkbox = item.ownerDocument.createElement('input');
      checkbox.type = 'checkbox';
      label.append(checkbox);
      item.append(label, content);
    }
    const checked = item.getAttribute('data-checked') === 'true';
    checkbox.toggleAttribute('checked', checked);
    checkbox.toggleAttribute('disabled', !writable);
    // The item's own words: a nested list's items are named by theirs.
    const content = item.querySelector(':scope > div');
    const text = (content?.querySelector(':scope > p') ?? content)?.textContent?.trim();
    if (text) checkbox.setAttribute('aria-label', text);
  }
}

/** `html` cleaned and shaped for showing; checkboxes are disabled unless `writable`. */
export function htmlForView(html: string, writable: boolean): string {
  const body = purify.sanitize(html, { ...POLICY, RETURN_DOM: true });
  shapeChecklistItems(body, writable);
  return body.innerHTML;
}

/**
 * `html` with its `index`-th checklist item (in document order) ticked or unticked; everything
 * else stays as written, so a description another client wrote keeps its form.
 */
export function withChecklistItem(html: string, index: number, checked: boolean): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const item = body.querySelectorAll(CHECKLIST_ITEM)[index];
  if (!item) return html;
  item.setAttribute('data-checked', String(checked));
  checkboxOf(item)?.toggleAttribute('checked', checked);
  return body.innerHTML;
}

/** True for text with nothing in it but empty paragraphs (what an emptied editor leaves). */
export function isEmptyRichText(html: string): boolean {
  return html.replace(/<p>\s*<\/p>/g, '').trim() === '';
}
