/**
 * The task's attributes (fields/task-fields.tsx) in a grid, then the wide ones (labels) below it;
 * each one only while it has a value or was asked for. The project's custom fields end the grid.
 */
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../../auth/use-current-user';
import { CustomFieldAttributes } from '../../custom-fields/task-custom-fields';
import { useCustomFields } from '../../custom-fields/use-custom-fields';
import { type TaskField, taskFields } from '../fields/task-fields';
import type { TaskEditor } from '../use-task-editor';
import { Attribute } from './attribute';
import type { FieldName, FieldVisibility } from './field-visibility';

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
  // The project's custom fields follow the task's own, each always shown.
  const customFields = useCustomFields(editor.task.projectId).data ?? [];
  return (
    <>
      {grid.length + customFields.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="lg" verticalSpacing="md">
          {grid.map(attribute)}
          <CustomFieldAttributes editor={editor} fields={customFields} weekStart={weekStart} />
        </SimpleGrid>
      )}
      {shown.filter((field) => field.wide).map(attribute)}
    </>
  );
}
