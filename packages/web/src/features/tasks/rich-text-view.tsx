/**
 * Saved rich text shown read-only, as plain HTML rather than an editor: a task page shows its
 * description and every comment at once, and a read-only editor costs as much to start as one to
 * type in. Checklist items can still be ticked when `onToggleChecklist` is given, which gets the
 * text with that item changed.
 */
import { Typography } from '@mantine/core';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import classes from './rich-text.module.css';
import { CHECKLIST_ITEM, htmlForView, withChecklistItem } from './rich-text-html';

export function RichTextView({
  html,
  onToggleChecklist,
  label,
}: {
  html: string;
  onToggleChecklist?: (html: string) => void;
  label: string;
}) {
  const writable = onToggleChecklist !== undefined;
  const shown = useMemo(() => ({ __html: htmlForView(html, writable) }), [html, writable]);
  const root = useRef<HTMLElement>(null);
  /** The checklist item whose checkbox had the focus when it was ticked, to give it back. */
  const focused = useRef<number | null>(null);
  const report = useRef<(box: HTMLInputElement, item: Element) => void>(undefined);
  report.current = (box, item) => {
    if (!onToggleChecklist || !root.current) return;
    const index = [...root.current.querySelectorAll(CHECKLIST_ITEM)].indexOf(item);
    const next = withChecklistItem(html, index, box.checked);
    // Text the tick does not change (an item the text lacks) leaves the box as the text says.
    if (next === html) {
      box.checked = !box.checked;
      return;
    }
    if (document.activeElement === box) focused.current = index;
    // The box keeps the user's tick: the changed text is drawn at once (optimistic), and a
    // refused save draws the text before it again, which unticks it.
    onToggleChecklist(next);
  };

  // The checkboxes are not React's (they come with the HTML), so their change is heard natively.
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const onChange = (event: Event) => {
      const box = event.target;
      const item = box instanceof HTMLInputElement ? box.closest(CHECKLIST_ITEM) : null;
      if (item) report.current?.(box as HTMLInputElement, item);
    };
    element.addEventListener('change', onChange);
    return () => element.removeEventListener('change', onChange);
  }, []);

  // Ticking redraws the text; a keyboard user keeps their place on the item's checkbox.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the new text is in the page
  useLayoutEffect(() => {
    const index = focused.current;
    if (index === null || !root.current) return;
    focused.current = null;
    root.current.querySelectorAll<HTMLInputElement>(`${CHECKLIST_ITEM} > label > input`)[index]?.focus();
  }, [shown]);

  return (
    <Typography className={`${classes.content} ${classes.view}`}>
      <article
        ref={root}
        aria-label={label}
        // Cleaned by htmlForView (DOMPurify) on top of the server's own cleaning.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the one way to show saved rich text
        dangerouslySetInnerHTML={shown}
      />
    </Typography>
  );
}
