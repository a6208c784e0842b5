/**
 * A send button is disabled while its request is on its way, which drops the focus (at once, or
 * once the button is enabled again). When the form is emptied for the next entry, its field takes
 * the focus back, unless the user has moved on meanwhile.
 */
export function focusAfterSend(sendButton: HTMLElement | null, focusField: () => void) {
  const active = document.activeElement;
  if (!active || active === document.body || active === sendButton) focusField();
}
