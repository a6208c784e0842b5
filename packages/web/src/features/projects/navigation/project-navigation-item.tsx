/**
 * One project in the side navigation: collapse chevron for children, colour bubble, title, and —
 * above read right — a drag handle, the favourite star and the settings dropdown.
 */

import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Loader } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconFilter, IconGripVertical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Project } from '../../../api/projects';
import { useChildProjectsOpen } from '../child-projects-open';
import { ColorBubble } from '../color-bubble';
import { projectTitle } from '../project-title';
import { canDragProject, canEditProject, childProjects, isSavedFilter } from '../project-tree';
import { ProjectSettingsMenu } from '../settings/project-settings-menu';
import { FavoriteStar } from './favorite-star';
import classes from './project-navigation.module.css';

interface ItemProps {
  project: Project;
  all: readonly Project[];
  /** Entries of the root tree can be dragged; favourites are a plain list. */
  sortable: boolean;
  savingId: number | null;
  /** Renders the children's list (sortable lists need their own context). */
  renderChildren?: (parentId: number, children: Project[]) => React.ReactNode;
}

export function ProjectNavigationItem({ project, all, sortable, savingId, renderChildren }: ItemProps) {
  const { t } = useTranslation();
  const { projectId } = useParams();
  const children = renderChildren ? childProjects(all, project.id) : [];
  const [open, toggle] = useChildProjectsOpen(project.id);
  const draggable = sortable && canDragProject(project);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: project.id,
      disabled: !draggable,
    });
  const active = Number(projectId) === project.id;
  const title = projectTitle(project, t);

  return (
    <li
      ref={setNodeRef}
      className={classes.item}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-project-id={project.id}
    >
      <div className={classes.row} data-active={active || undefined} data-dragging={isDragging || undefined}>
        {children.length > 0 ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            onClick={toggle}
            aria-expanded={open}
            aria-label={
              open ? t('projects.navigation.collapse', { title }) : t('projects.navigation.expand', { title })
            }
          >
            {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
        ) : (
          <span style={{ width: 22, flexShrink: 0 }} />
        )}
        {isSavedFilter(project) ? (
          <IconFilter size={12} aria-hidden="true" />
        ) : (
          <ColorBubble color={project.hexColor} />
        )}
        <Link
          to={`/projects/${project.id}`}
          className={classes.title}
          aria-current={active ? 'page' : undefined}
        >
          {title}
        </Link>
        {savingId === project.id ? (
          <Loader size={14} aria-label={t('projects.navigation.saving')} />
        ) : (
          draggable && (
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              size="sm"
              className={`${classes.reveal} ${classes.handle}`}
              aria-label={t('projects.navigation.drag', { title })}
              {...attributes}
              {...listeners}
            >
              <IconGripVertical size={14} />
            </ActionIcon>
          )
        )}
        {canDragProject(project) && (
          <span className={classes.reveal} data-visible={project.isFavorite || undefined}>
            <FavoriteStar project={project} />
          </span>
        )}
        {canEditProject(project) && (
          <span className={classes.reveal}>
            <ProjectSettingsMenu project={project} size="sm" />
          </span>
        )}
      </div>
      {open && children.length > 0 && renderChildren?.(project.id, children)}
    </li>
  );
}
