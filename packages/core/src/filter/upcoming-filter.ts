/**
 * The filter the upcoming view sends (behaviour.md §3.4): undone tasks due strictly inside the range;
 * with "show overdue" the lower bound is left out, and without a range every undone task is shown.
 * `from` and `to` are date math or dates, as the range picker gives them.
 */
export function upcomingTasksFilter(range: {
  from?: string | null;
  to?: string | null;
  showOverdue?: boolean;
}): string {
  const { from, to, showOverdue = false } = range;
  if (!to) return 'done = false';
  const upper = `done = false && due_date < '${to}'`;
  return showOverdue || !from ? upper : `${upper} && due_date > '${from}'`;
}
