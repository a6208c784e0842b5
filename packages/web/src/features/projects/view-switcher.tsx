/**
 * The project's views as links (spec 2 §2 project.view): each opens its view's address, so it can
 * be opened in a new tab or copied, and the current one is marked `aria-current="page"`.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProjectView } from '../../api/views';
import classes from './view-switcher.module.css';

export function ViewSwitcher({
  projectId,
  views,
  current,
}: {
  projectId: number;
  views: readonly ProjectView[];
  current: ProjectView | null;
}) {
  const { t } = useTranslation();
  if (views.length < 2) return null;
  return (
    <nav aria-label={t('projects.viewSwitcher')} className={classes.root}>
      {views.map((v) => (
        <Link
          key={v.id}
          to={`/projects/${projectId}/${v.id}`}
          className={classes.view}
          aria-current={v.id === current?.id ? 'page' : undefined}
        >
          {v.title}
        </Link>
      ))}
    </nav>
  );
}
