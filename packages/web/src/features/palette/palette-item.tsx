/** One row of the palette: a command, a project, a task (with its project), a label or a team. */
import { Group, Text } from '@mantine/core';
import { IconFilter, IconFolder, IconPlus, IconUsers } from '@tabler/icons-react';
import type { Project } from '../../api/projects';
import { LabelBadge } from '../labels/label-badge';
import { ColorBubble } from '../projects/color-bubble';
import type { PaletteItem } from './use-palette-results';

export function PaletteItemContent({ item, projects }: { item: PaletteItem; projects: readonly Project[] }) {
  switch (item.type) {
    case 'command':
      return (
        <Group gap="xs" wrap="nowrap">
          <IconPlus size={16} stroke={1.8} />
          <Text size="sm">{item.command.title}</Text>
        </Group>
      );
    case 'project':
      return (
        <Group gap="xs" wrap="nowrap">
          {item.project.id < -1 ? (
            <IconFilter size={16} stroke={1.8} />
          ) : item.project.hexColor ? (
            <ColorBubble color={item.project.hexColor} />
          ) : (
            <IconFolder size={16} stroke={1.8} />
          )}
          <Text size="sm" truncate>
            {item.project.title}
          </Text>
        </Group>
      );
    case 'task': {
      const project = projects.find((p) => p.id === item.task.projectId);
      return (
        // The row's full width, so the project's 40 % is of the row and not of this group's content
        // (which cut a short task's project name to "Wor…").
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          {project && (
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }} maw="40%" truncate>
              {project.title} ›
            </Text>
          )}
          <Text
            size="sm"
            truncate
            td={item.task.done ? 'line-through' : undefined}
            c={item.task.done ? 'dimmed' : undefined}
          >
            {item.task.title}
          </Text>
        </Group>
      );
    }
    case 'label':
      return <LabelBadge label={item.label} size="md" />;
    case 'team':
      return (
        <Group gap="xs" wrap="nowrap">
          <IconUsers size={16} stroke={1.8} />
          <Text size="sm" truncate>
            {item.team.name}
          </Text>
        </Group>
      );
  }
}

/** The text a row is read out as. */
export function paletteItemText(item: PaletteItem): string {
  switch (item.type) {
    case 'command':
      return item.command.title;
    case 'project':
      return item.project.title;
    case 'task':
      return item.task.title;
    case 'label':
      return item.label.title;
    case 'team':
      return item.team.name;
  }
}
