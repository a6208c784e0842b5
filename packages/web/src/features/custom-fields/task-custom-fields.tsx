/**
 * The task detail's custom fields: every field of the task's project, in the project's order,
 * with the task's value, edited in place (custom-field-input.tsx). A change saves only that
 * field's key, at once on screen, rolled back with the catalogue error when the server refuses.
 */
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../auth/use-current-user';
import { Attribute } from '../tasks/detail/detail-attributes';
import type { TaskEditor } from '../tasks/use-task-editor';
import { CustomFieldInput } from './custom-field-input';
import { kindIcons } from './field-kinds';
import { customFieldsOf } from './field-values';
import { useCustomFields } from './use-custom-fields';

export function TaskCustomFields({ editor }: { editor: TaskEditor }) {
  const { t } = useTranslation();
  const weekStart = useSignedInUser().settings.weekStart;
  const fields = useCustomFields(editor.task.projectId).data ?? [];
  if (fields.length === 0) return null;
  const values = customFieldsOf(editor.task);
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, lg: 3 }}
      spacing="lg"
      verticalSpacing="md"
      component="section"
      aria-label={t('customFields.menu')}
    >
      {fields.map((field) => {
        const Icon = kindIcons[field.kind];
        return (
          <Attribute key={field.id} name={`field_${field.id}`} icon={<Icon size={14} />} label={field.title}>
            <CustomFieldInput
              field={field}
              value={values[String(field.id)]}
              projectId={editor.task.projectId}
              canWrite={editor.canWrite}
              weekStart={weekStart}
              onSave={(value) => editor.saveFields({ [String(field.id)]: value })}
            />
          </Attribute>
        );
      })}
    </SimpleGrid>
  );
}
