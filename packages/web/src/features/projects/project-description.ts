/**
 * A project's description as the pages use it. The server keeps a description when a save sends
 * it empty (Vikunja's rule, so clients that leave it out do not wipe it), so clearing it sends an
 * empty paragraph, as Vikunja's own editor does; a description of only empty markup is none.
 */

/** What a save sends for `edited`: an empty paragraph clears a description that was there. */
export function descriptionToSave(edited: string, before: string): string {
  return edited.trim() === '' && hasDescription(before) ? '<p></p>' : edited;
}

/** Whether a description says anything: text, or a picture. */
export function hasDescription(description: string): boolean {
  if (/<img\b/i.test(description)) return true;
  return (
    description
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/gi, '')
      .trim() !== ''
  );
}
