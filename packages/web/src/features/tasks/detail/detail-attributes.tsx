/**
 * The task's attributes (fields/task-fields.tsx) in a grid, then the wide ones (labels) below it;
 * each one only while it has a value or was asked for.
 */
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../../auth/use-current-user';
import { type TaskField, taskFields } from '../fields/task-fields';
import type { TaskEditor } from '../use-task-editor';
import type { FieldName, FieldVisibility } from './field-visibility';

/** One attribute: its icon and title above its input (custom fields use it too). */
export function Attribute({
  name,
  icon,
  label,
  children,
}: {
  name: FieldName | `field_${number}`;
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <Stack gap={4} data-field={name}>
      <Group gap={6} c="dimmed">
        {icon}
        <Text size="xs" fw={700} tt="uppercase">
          {label}
        </Text>
      </Group>
      {children}
    </Stack>
  );
}

export function DetailAttributes({ editor, fields }: { editor: TaskEditor; fields: FieldVisibility }) {
  const { t } = useTranslation();
  const weekStart = useSignedInUser().settings.weekStart;
  const shown = taskFields.filter((field) => field.input && fields.shown(field.name));
  const attribute = (field: TaskField & { name: FieldName }) => {
    const Input = field.input;
    return (
      Input && (
        <Attribute key={field.name} name={field.name} icon={<field.icon size={14} />} label={t(field.label)}>
          <Input editor={editor} weekStart={weekStart} />
        </Attribute>
      )
    );
  };
  const grid = shown.filter((field) => !field.wide);
  return (
    <>
      {grid.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="lg" verticalSpacing="md">
          {grid.map(attribute)}
        </SimpleGrid>
      )}
      {shown.filter((field) => field.wide).map(attribute)}
    </>
  );
}
