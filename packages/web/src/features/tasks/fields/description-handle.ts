/** What the task page asks of its description field (the e shortcut, saving before it closes). */
export interface DescriptionHandle {
  edit: () => void;
  /** Save the open editor, if any; true when something was saved. */
  flush: () => boolean;
}
