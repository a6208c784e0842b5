/**
 * The project lists of the side navigation (spec 2 §2 "Side navigation projects"): favourites
 * (only if any), saved filters (only if any), then the non-archived root projects with their children. Root and child lists
 * can be reordered and projects moved between them by drag, with mouse, touch or keyboard
 * (space to lift, arrows to move, space to drop); the row shows a loader while saving.
 */
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Project } from '../../../api/projects';
import { projectDrop } from '../project-drop';
import { favoriteProjects, rootProjects, savedFilterProjects } from '../project-tree';
import { useProjects, useSaveProject } from '../use-projects';
import classes from './project-navigation.module.css';
import { ProjectNavigationItem } from './project-navigation-item';

function SectionTitle({ children }: { children: string }) {
  return (
    <Text size="xs" fw={700} c="dimmed" tt="uppercase" px={8} mb={4}>
      {children}
    </Text>
  );
}

const listId = (parentId: number) => `projects-of-${parentId}`;

export function ProjectNavigation() {
  const { t } = useTranslation();
  const { data: projects, isLoading } = useProjects();
  const save = useSaveProject();
  const [savingId, setSavingId] = useState<number | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  if (isLoading) {
    return (
      <Stack gap={6} px={8} aria-hidden="true">
        <Skeleton h={14} w="40%" />
        <Skeleton h={22} />
        <Skeleton h={22} />
      </Stack>
    );
  }
  if (!projects) return null;
  const favorites = favoriteProjects(projects);
  const roots = rootProjects(projects);
  const filters = savedFilterProjects(projects);

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!projects || !over || active.id === over.id) return;
    const moved = projects.find((p) => p.id === active.id);
    const container = over.data.current?.sortable as { containerId: string; items: number[] } | undefined;
    if (!moved || !container) return;
    const parentId = Number(container.containerId.replace('projects-of-', ''));
    const byId = new Map(projects.map((p) => [p.id, p]));
    const target = container.items.map((id) => byId.get(id)).filter((p): p is Project => p !== undefined);
    const drop = projectDrop(projects, moved, target, parentId, Number(over.id));
    if (!drop) return;
    setSavingId(moved.id);
    save.mutate(
      { project: moved, patch: { position: drop.position, parentProjectId: drop.parentProjectId } },
      { onSettled: () => setSavingId(null) },
    );
  }

  const renderList = (parentId: number, list: Project[]) => (
    <SortableContext
      id={listId(parentId)}
      items={list.map((p) => p.id)}
      strategy={verticalListSortingStrategy}
    >
      <ul
        className={`${classes.list} ${parentId ? classes.children : ''}`}
        aria-label={parentId ? undefined : t('projects.title')}
      >
        {list.map((project) => (
          <ProjectNavigationItem
            key={project.id}
            project={project}
            all={projects}
            sortable
            savingId={savingId}
            renderChildren={renderList}
          />
        ))}
      </ul>
    </SortableContext>
  );

  return (
    <Stack gap="md">
      {favorites.length > 0 && (
        <div>
          <SectionTitle>{t('projects.navigation.favorites')}</SectionTitle>
          <ul className={classes.list} aria-label={t('projects.navigation.favorites')}>
            {favorites.map((project) => (
              <ProjectNavigationItem
                key={project.id}
                project={project}
                all={projects}
                sortable={false}
                savingId={savingId}
              />
            ))}
          </ul>
        </div>
      )}
      {filters.length > 0 && (
        <div>
          <Group justify="space-between" pr={4}>
            <SectionTitle>{t('projects.navigation.filters')}</SectionTitle>
            <Anchor component={Link} to="/filters/new" size="xs" mb={4}>
              {t('filters.navigation.new')}
            </Anchor>
          </Group>
          <ul className={classes.list} aria-label={t('projects.navigation.filters')}>
            {filters.map((project) => (
              <ProjectNavigationItem
                key={project.id}
                project={project}
                all={projects}
                sortable={false}
                savingId={savingId}
              />
            ))}
          </ul>
        </div>
      )}
      <div>
        <Group justify="space-between" pr={4}>
          <SectionTitle>{t('projects.title')}</SectionTitle>
          <Anchor component={Link} to="/projects/new" size="xs" mb={4}>
            {t('projects.navigation.new')}
          </Anchor>
        </Group>
        {roots.length === 0 ? (
          <Text size="sm" c="dimmed" px={8}>
            {t('projects.navigation.empty')}
          </Text>
        ) : (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            {renderList(0, roots)}
          </DndContext>
        )}
      </div>
    </Stack>
  );
}
