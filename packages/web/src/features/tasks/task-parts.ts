/**
 * Parts of a task that have their own server routes. A part whose routes this server does not
 * have yet is not shown at all, rather than shown and failing.
 */
export const taskParts = {
  assignees: false,
  reminders: false,
  attachments: false,
  comments: false,
  relations: false,
} as const;
