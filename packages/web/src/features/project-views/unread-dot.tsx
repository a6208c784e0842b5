/**
 * The dot a task row or card shows while the task has comments the user has not read (lists ask
 * for `isUnread` with `expand=is_unread`); it names itself for screen readers and on hover.
 */
import { useTranslation } from 'react-i18next';
import type { Task } from '../../api/tasks';
import classes from './unread-dot.module.css';

export function UnreadDot({ task, id }: { task: Task; id?: string }) {
  const { t } = useTranslation();
  if (!task.isUnread) return null;
  const label = t('projectViews.unreadComments');
  return <span id={id} role="img" className={classes.dot} aria-label={label} data-tip={label} data-unread />;
}
