/**
 * Checklist progress of a rich-text description (spec 2 §3: checklist items with a checked
 * flag). The editor writes items as `<li data-type="taskItem" data-checked="true|false">`.
 */
// A type rather than an interface, so it can be passed straight to i18next as interpolation values.
export type ChecklistProgress = {
  total: number;
  checked: number;
};

export function checklistProgress(description: string): ChecklistProgress {
  let total = 0;
  let checked = 0;
  for (const [tag] of description.matchAll(/<li\b[^>]*>/gi)) {
    if (!/\sdata-type\s*=\s*["']taskItem["']/i.test(tag)) continue;
    total++;
    if (/\sdata-checked\s*=\s*["']true["']/i.test(tag)) checked++;
  }
  return { total, checked };
}
