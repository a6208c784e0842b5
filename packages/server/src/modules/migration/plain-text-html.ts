import { escapeHtml } from '../rich-text/escape-html.js';

/**
 * TickTick keeps task contents as plain text; Ordo's descriptions are HTML. Each line becomes a
 * paragraph, and in a checklist task the items TickTick marks with ▫ (open) and ▪ (done) become
 * the editor's checklist, so they can be ticked off after the import.
 */
const OPEN = '▫';
const DONE = '▪';

export function plainTextToHtml(text: string, isChecklist: boolean): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let items: string[] = [];
  const flush = () => {
    if (items.length > 0) out.push(`<ul data-type="taskList">${items.join('')}</ul>`);
    items = [];
  };
  for (const line of lines) {
    const marker = line.trimStart()[0];
    if (isChecklist && (marker === OPEN || marker === DONE)) {
      const label = escapeHtml(line.trimStart().slice(1).trim());
      items.push(`<li data-type="taskItem" data-checked="${marker === DONE}"><p>${label}</p></li>`);
      continue;
    }
    flush();
    if (line.trim() !== '') out.push(`<p>${escapeHtml(line)}</p>`);
  }
  flush();
  return out.join('');
}
